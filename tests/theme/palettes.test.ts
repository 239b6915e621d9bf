import { getContrastRatio } from '@mui/material/styles';
import {
  THEME_NAMES,
  createAppTheme,
  palettes,
  type ResolvedMode,
  type ThemeName,
} from '../../src/theme';

const EXPECTED_PRIMARY: [ThemeName, ResolvedMode, string][] = [
  ['BLUE_THEME', 'light', '#1d5fd1'],
  ['BLUE_THEME', 'dark', '#8ab4ff'],
  ['AQUA_THEME', 'light', '#0067a5'],
  ['AQUA_THEME', 'dark', '#5cb8f0'],
  ['PURPLE_THEME', 'light', '#6d3fd0'],
  ['PURPLE_THEME', 'dark', '#b69bff'],
  ['GREEN_THEME', 'light', '#2e7d32'],
  ['GREEN_THEME', 'dark', '#7fd08a'],
  ['CYAN_THEME', 'light', '#007a8a'],
  ['CYAN_THEME', 'dark', '#4dd8e6'],
  ['ORANGE_THEME', 'light', '#c2410c'],
  ['ORANGE_THEME', 'dark', '#ffa25c'],
];

describe('createAppTheme for every colour theme and mode', () => {
  it('covers all six themes in both modes', () => {
    expect(new Set(EXPECTED_PRIMARY.map(([name]) => name))).toEqual(new Set(THEME_NAMES));
    expect(THEME_NAMES).toHaveLength(6);
  });

  it.each(EXPECTED_PRIMARY)('%s in %s mode has primary %s', (themeName, mode, primary) => {
    const theme = createAppTheme({ mode, dir: 'ltr', themeName, borderRadius: 7 });
    expect(theme.palette.mode).toBe(mode);
    expect(theme.palette.primary.main).toBe(primary);
    expect(theme.palette.secondary.main).toBe(palettes[themeName][mode].secondary.main);
    expect(theme.palette.background.default).toBe(palettes[themeName][mode].background.default);
    expect(theme.palette.text.primary).toBe(palettes[themeName][mode].text.primary);
  });

  it.each(EXPECTED_PRIMARY)(
    '%s in %s mode: readable text on primary, secondary and background',
    (themeName, mode) => {
      const p = palettes[themeName][mode];
      for (const colour of [p.primary, p.secondary, p.error, p.warning, p.info, p.success]) {
        expect(getContrastRatio(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(4.5);
      }
      for (const surface of [p.background.default, p.background.paper]) {
        expect(getContrastRatio(p.text.primary, surface)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(p.text.secondary, surface)).toBeGreaterThanOrEqual(4.5);
        // Status colours are also text (Delete buttons, outlined chips) on the page and on paper.
        for (const status of [p.error, p.warning, p.info, p.success]) {
          expect(getContrastRatio(status.main, surface)).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it('dark variants use dark backgrounds and light text', () => {
    for (const name of THEME_NAMES) {
      const dark = createAppTheme({ mode: 'dark', themeName: name });
      expect(getContrastRatio(dark.palette.background.default, '#000000')).toBeLessThan(2);
      expect(getContrastRatio(dark.palette.text.primary, '#ffffff')).toBeLessThan(1.5);
    }
  });

  it('sets direction, radius, the Nunito font, heading sizes and button defaults', () => {
    const theme = createAppTheme({ mode: 'light', dir: 'rtl', borderRadius: 12 });
    expect(theme.direction).toBe('rtl');
    expect(theme.shape.borderRadius).toBe(12);
    expect(theme.typography.fontFamily).toMatch(/^Nunito, .*sans-serif$/);
    for (const variant of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'body1', 'body2'] as const) {
      expect(theme.typography[variant].fontSize).toMatch(/rem$/);
    }
    const sizes = (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((v) =>
      parseFloat(String(theme.typography[v].fontSize)),
    );
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject({
      textTransform: 'none',
    });
  });

  it('uses the spec defaults when only the mode is given', () => {
    const theme = createAppTheme({ mode: 'light' });
    expect(theme.direction).toBe('ltr');
    expect(theme.shape.borderRadius).toBe(7);
    expect(theme.palette.primary.main).toBe('#1d5fd1');
  });
});
