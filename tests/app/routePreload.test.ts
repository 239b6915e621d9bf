// The typed address's chunks are asked for at start, beside the app's own code and before the
// stored session is read (issue 25: the sign-in page's code no longer waits for that read).
import { preloadRouteChunks } from '../../src/app/routePreload';
import { AppLayout, LoginPage, RegisterPage } from '../../src/app/lazyPages';
import { screens } from '../../src/app/screens';

const byId = (id: string) => {
  const found = screens.find((s) => s.id === id);
  if (!found) throw new Error(`no screen ${id}`);
  return found.Component;
};

describe('preloadRouteChunks', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the sign-in page alone on /auth/login', () => {
    const login = vi.spyOn(LoginPage, 'preload').mockImplementation(() => undefined);
    const register = vi.spyOn(RegisterPage, 'preload').mockImplementation(() => undefined);
    const layout = vi.spyOn(AppLayout, 'preload').mockImplementation(() => undefined);
    preloadRouteChunks('/auth/login');
    expect(login).toHaveBeenCalledTimes(1);
    expect(register).not.toHaveBeenCalled();
    expect(layout).not.toHaveBeenCalled();
  });

  it('asks for the layout and the screen of a signed-in address, "/" being the courses', () => {
    const layout = vi.spyOn(AppLayout, 'preload').mockImplementation(() => undefined);
    const courses = vi.spyOn(byId('courses'), 'preload').mockImplementation(() => undefined);
    const login = vi.spyOn(LoginPage, 'preload').mockImplementation(() => undefined);
    preloadRouteChunks('/course/abc123');
    preloadRouteChunks('/');
    expect(layout).toHaveBeenCalledTimes(2);
    expect(courses).toHaveBeenCalledTimes(2);
    expect(login).not.toHaveBeenCalled();
  });

  it('asks for nothing on an unknown address', () => {
    const layout = vi.spyOn(AppLayout, 'preload').mockImplementation(() => undefined);
    preloadRouteChunks('/nowhere');
    expect(layout).not.toHaveBeenCalled();
  });
});
