import '@fontsource/nunito/400.css';
import '@fontsource/nunito/500.css';
import '@fontsource/nunito/600.css';
import '@fontsource/nunito/700.css';

import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  APPEARANCE_STORAGE_KEY,
  PREFERS_DARK_QUERY,
  appearanceDefaults,
  clampBorderRadius,
  isActiveDir,
  isActiveMode,
  isThemeName,
  loadAppearance,
  parseStoredAppearance,
  saveAppearance,
  type ActiveDir,
  type ActiveMode,
  type AppearanceSettings,
  type ResolvedMode,
  type ThemeName,
} from './appearance';
import { AppearanceContext, type AppearanceContextValue } from './AppearanceContext';
import { createAppTheme } from './createAppTheme';
import { useEmotionCache } from './emotionCache';

function sameSettings(a: AppearanceSettings, b: AppearanceSettings): boolean {
  return (
    a.activeMode === b.activeMode &&
    a.activeDir === b.activeDir &&
    a.activeTheme === b.activeTheme &&
    a.borderRadius === b.borderRadius
  );
}

export interface AppearanceProviderProps {
  children?: ReactNode;
  /** The institute's primary colour (#rrggbb), for the default colour theme in light mode. */
  primaryColour?: string | null;
}

/**
 * Holds the appearance settings (from localStorage, saved back on every change), applies the
 * direction to <html dir>, and provides the MUI theme, the emotion cache for the direction and
 * CssBaseline. 'system' mode follows the operating system preference live.
 */
export function AppearanceProvider({ children, primaryColour }: AppearanceProviderProps) {
  const [settings, setSettings] = useState<AppearanceSettings>(() => loadAppearance());
  const prefersDark = useMediaQuery(PREFERS_DARK_QUERY, { noSsr: true });

  const resolvedMode: ResolvedMode =
    settings.activeMode === 'system' ? (prefersDark ? 'dark' : 'light') : settings.activeMode;

  useEffect(() => {
    saveAppearance(settings);
  }, [settings]);

  // Another tab changed the settings: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== APPEARANCE_STORAGE_KEY) return;
      const next = parseStoredAppearance(event.newValue);
      setSettings((prev) => (sameSettings(prev, next) ? prev : next));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useLayoutEffect(() => {
    document.documentElement.setAttribute('dir', settings.activeDir);
  }, [settings.activeDir]);

  const update = useCallback((patch: Partial<AppearanceSettings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      return sameSettings(prev, next) ? prev : next;
    });
  }, []);

  const setActiveMode = useCallback(
    (mode: ActiveMode) => {
      if (isActiveMode(mode)) update({ activeMode: mode });
    },
    [update],
  );
  const setActiveDir = useCallback(
    (dir: ActiveDir) => {
      if (isActiveDir(dir)) update({ activeDir: dir });
    },
    [update],
  );
  const setActiveTheme = useCallback(
    (themeName: ThemeName) => {
      if (isThemeName(themeName)) update({ activeTheme: themeName });
    },
    [update],
  );
  const setBorderRadius = useCallback(
    (radius: number) => update({ borderRadius: clampBorderRadius(radius) }),
    [update],
  );
  const reset = useCallback(() => update({ ...appearanceDefaults }), [update]);

  const theme = useMemo(
    () =>
      createAppTheme({
        mode: resolvedMode,
        dir: settings.activeDir,
        themeName: settings.activeTheme,
        borderRadius: settings.borderRadius,
        // The institute's colour replaces the default theme's only: a person who chose another
        // colour theme keeps it.
        institutePrimary:
          settings.activeTheme === appearanceDefaults.activeTheme ? (primaryColour ?? null) : null,
      }),
    [resolvedMode, settings.activeDir, settings.activeTheme, settings.borderRadius, primaryColour],
  );

  const value = useMemo<AppearanceContextValue>(
    () => ({
      settings,
      resolvedMode,
      setActiveMode,
      setActiveDir,
      setActiveTheme,
      setBorderRadius,
      reset,
    }),
    [settings, resolvedMode, setActiveMode, setActiveDir, setActiveTheme, setBorderRadius, reset],
  );

  const emotionCache = useEmotionCache(settings.activeDir);
  // A first render in right-to-left waits the moment its CSS plugin takes to load.
  if (!emotionCache) return null;

  return (
    <AppearanceContext.Provider value={value}>
      <CacheProvider value={emotionCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </AppearanceContext.Provider>
  );
}
