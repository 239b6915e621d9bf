import Box from '@mui/material/Box';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import {
  APPEARANCE_STORAGE_KEY,
  AppearanceProvider,
  appearanceDefaults,
  useAppearance,
} from '../../src/theme';
import { mockPrefersDark, type MatchMediaController } from './matchMediaMock';
import { ThemeProbe, probe } from './ThemeProbe';

function wrapper({ children }: { children: ReactNode }) {
  return <AppearanceProvider>{children}</AppearanceProvider>;
}

function stored(): unknown {
  return JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? 'null');
}

let media: MatchMediaController | undefined;

beforeEach(() => {
  document.documentElement.removeAttribute('dir');
});

afterEach(() => {
  media?.restore();
  media = undefined;
});

describe('AppearanceProvider', () => {
  it('starts from the defaults when storage is empty', () => {
    const { result } = renderHook(() => useAppearance(), { wrapper });
    expect(result.current.settings).toEqual(appearanceDefaults);
    expect(result.current.resolvedMode).toBe('light');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });

  it('starts from the defaults when storage is corrupt', () => {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, '{"activeMode":');
    render(
      <AppearanceProvider>
        <ThemeProbe />
      </AppearanceProvider>,
    );
    expect(probe().dataset.mode).toBe('light');
    expect(probe().dataset.primary).toBe('#1d5fd1');
    expect(probe().dataset.radius).toBe('7');
    expect(probe().dataset.direction).toBe('ltr');
  });

  it('restores saved settings (right-to-left once its CSS plugin has loaded)', async () => {
    localStorage.setItem(
      APPEARANCE_STORAGE_KEY,
      JSON.stringify({
        activeMode: 'dark',
        activeDir: 'rtl',
        activeTheme: 'GREEN_THEME',
        borderRadius: 3,
      }),
    );
    render(
      <AppearanceProvider>
        <ThemeProbe />
      </AppearanceProvider>,
    );
    await waitFor(() => expect(probe().dataset.direction).toBe('rtl'));
    expect(probe().dataset.mode).toBe('dark');
    expect(probe().dataset.primary).toBe('#7fd08a');
    expect(probe().dataset.radius).toBe('3');
    expect(probe().dataset.direction).toBe('rtl');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
  });

  it('saves every change to localStorage', () => {
    const { result } = renderHook(() => useAppearance(), { wrapper });
    act(() => result.current.setActiveTheme('PURPLE_THEME'));
    expect(stored()).toMatchObject({ activeTheme: 'PURPLE_THEME' });
    act(() => result.current.setBorderRadius(99));
    expect(result.current.settings.borderRadius).toBe(24);
    expect(stored()).toMatchObject({ activeTheme: 'PURPLE_THEME', borderRadius: 24 });
    act(() => result.current.setActiveDir('rtl'));
    expect(stored()).toMatchObject({ activeDir: 'rtl' });
    act(() => result.current.reset());
    expect(stored()).toEqual(appearanceDefaults);
    expect(result.current.settings).toEqual(appearanceDefaults);
  });

  it("'system' follows the operating system preference, live", () => {
    media = mockPrefersDark(true);
    localStorage.setItem(
      APPEARANCE_STORAGE_KEY,
      JSON.stringify({ ...appearanceDefaults, activeMode: 'system' }),
    );
    render(
      <AppearanceProvider>
        <ThemeProbe />
      </AppearanceProvider>,
    );
    expect(probe().dataset.activeMode).toBe('system');
    expect(probe().dataset.mode).toBe('dark');

    act(() => media?.setDark(false));
    expect(probe().dataset.mode).toBe('light');

    act(() => media?.setDark(true));
    expect(probe().dataset.mode).toBe('dark');
    expect(probe().dataset.primary).toBe('#8ab4ff');
  });

  it('an explicit mode ignores the operating system preference', () => {
    media = mockPrefersDark(true);
    render(
      <AppearanceProvider>
        <ThemeProbe />
      </AppearanceProvider>,
    );
    expect(probe().dataset.mode).toBe('light');
  });

  it('rtl sets <html dir>, theme.direction and flips generated CSS', async () => {
    const { result } = renderHook(() => useAppearance(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <AppearanceProvider>
          <ThemeProbe />
          <Box data-testid="box" sx={{ marginLeft: '13px' }} />
          {children}
        </AppearanceProvider>
      ),
    });
    expect(getComputedStyle(screen.getByTestId('box')).marginLeft).toBe('13px');

    act(() => result.current.setActiveDir('rtl'));
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(probe().dataset.direction).toBe('rtl');
    await waitFor(() =>
      expect(getComputedStyle(screen.getByTestId('box')).marginRight).toBe('13px'),
    );
    const box = screen.getByTestId('box');
    expect(getComputedStyle(box).marginLeft).not.toBe('13px');

    act(() => result.current.setActiveDir('ltr'));
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    expect(probe().dataset.direction).toBe('ltr');
  });

  it('changing direction keeps the app mounted (no lost state)', () => {
    let mounts = 0;
    function CountMounts() {
      // The initialiser runs once per mount, so a remount would show 2.
      const [id] = useStateOnce(() => ++mounts);
      return <span data-testid="mount">{id}</span>;
    }
    const { result } = renderHook(() => useAppearance(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <AppearanceProvider>
          <CountMounts />
          {children}
        </AppearanceProvider>
      ),
    });
    act(() => result.current.setActiveDir('rtl'));
    act(() => result.current.setActiveMode('dark'));
    expect(screen.getByTestId('mount')).toHaveTextContent('1');
  });

  it('follows changes made in another tab', () => {
    render(
      <AppearanceProvider>
        <ThemeProbe />
      </AppearanceProvider>,
    );
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: APPEARANCE_STORAGE_KEY,
          newValue: JSON.stringify({ ...appearanceDefaults, activeTheme: 'CYAN_THEME' }),
        }),
      );
    });
    expect(probe().dataset.primary).toBe('#007a8a');
  });

  it('useAppearance outside the provider throws a clear error', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAppearance())).toThrow(/AppearanceProvider/);
    spy.mockRestore();
  });
});

function useStateOnce<T>(init: () => T): [T] {
  const [value] = useState(init);
  return [value];
}
