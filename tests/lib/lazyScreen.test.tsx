// A lazy screen's chunk is asked for once, whether preloaded or rendered first, and asked for
// again after a failed load (app/routePreload.ts preloads the typed address's screen).
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyScreen } from '../../src/lib/lazyScreen';

const module = { Hello: () => <p>Hello screen</p> };

describe('lazyScreen', () => {
  it('loads the chunk once for a preload and the render after it', async () => {
    const load = vi.fn(() => Promise.resolve(module));
    const Hello = lazyScreen(load, 'Hello');
    Hello.preload();
    Hello.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Hello />
      </Suspense>,
    );
    expect(await screen.findByText('Hello screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(module);
    const Hello = lazyScreen(load, 'Hello');
    Hello.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Hello />
      </Suspense>,
    );
    expect(await screen.findByText('Hello screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
