import { createTheme, type Theme } from '@mui/material/styles';
import type { ActiveDir, ResolvedMode, ThemeName } from './appearance';
import { appearanceDefaults, clampBorderRadius } from './appearance';
import { getPalette } from './palettes';

export interface CreateAppThemeOptions {
  mode: ResolvedMode;
  dir?: ActiveDir;
  themeName?: ThemeName;
  borderRadius?: number;
  /**
   * The institute's primary colour (issue 24; the server keeps white text on it at 4.5:1 or
   * more). Light mode only: a colour dark enough for white text on it is too dark for links
   * and outlines on a dark background, so dark mode keeps its palette's.
   */
  institutePrimary?: string | null;
}

/** Nunito (a rounded sans-serif, loaded by AppearanceProvider) with system sans-serif fallbacks. */
export const FONT_FAMILY = [
  'Nunito',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/** Builds the MUI theme for one combination of mode, direction, colour theme and radius. */
export function createAppTheme({
  mode,
  dir = appearanceDefaults.activeDir,
  themeName = appearanceDefaults.activeTheme,
  borderRadius = appearanceDefaults.borderRadius,
  institutePrimary = null,
}: CreateAppThemeOptions): Theme {
  const colours = getPalette(themeName, mode);
  const primary =
    institutePrimary && mode === 'light'
      ? { main: institutePrimary, contrastText: '#ffffff' }
      : { ...colours.primary };
  return createTheme({
    direction: dir,
    palette: {
      mode,
      primary,
      secondary: { ...colours.secondary },
      background: { ...colours.background },
      text: { ...colours.text },
      divider: colours.divider,
      error: { ...colours.error },
      warning: { ...colours.warning },
      info: { ...colours.info },
      success: { ...colours.success },
    },
    shape: { borderRadius: clampBorderRadius(borderRadius) },
    typography: {
      fontFamily: FONT_FAMILY,
      htmlFontSize: 16,
      fontSize: 14,
      fontWeightLight: 300,
      fontWeightRegular: 400,
      fontWeightMedium: 500,
      fontWeightBold: 700,
      h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: '1.875rem', fontWeight: 700, lineHeight: 1.3 },
      h3: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.35 },
      h4: { fontSize: '1.3125rem', fontWeight: 600, lineHeight: 1.4 },
      h5: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.45 },
      h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.5 },
      body1: { fontSize: '0.9375rem', fontWeight: 400, lineHeight: 1.6 },
      body2: { fontSize: '0.875rem', fontWeight: 400, lineHeight: 1.55 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      // Keyboard focus is always visible (issue 24): MUI's buttons, tabs, radios and checkboxes
      // remove the browser's outline and show only a ripple; an outline in the primary colour
      // marks them when focused from the keyboard (Mui-focusVisible), never on a mouse click.
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `2px solid ${theme.palette.primary.main}`,
              outlineOffset: 2,
            },
          }),
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiToggleButton: {
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiTab: {
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      // Keep paper the palette colour in dark mode instead of MUI's elevation overlay.
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
    },
  });
}
