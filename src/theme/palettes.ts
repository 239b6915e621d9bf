// The six colour themes, each with a light and a dark variant. Every `contrastText` reaches at
// least 4.5:1 against its `main` colour (WCAG AA for normal text); tests/theme checks this.
// The status colours (error, warning, info, success) are the same in every theme but chosen per
// mode: MUI's defaults fall below 4.5:1 (info #0288d1 on white 3.86:1, the "Practice" chip; error
// #f44336 on the dark paper 4.3:1, every dark-mode Delete button), found by the axe journey.

import type { ResolvedMode, ThemeName } from './appearance';

export interface ColourSet {
  main: string;
  light: string;
  dark: string;
  contrastText: string;
}

export interface PaletteVariant {
  primary: ColourSet;
  secondary: ColourSet;
  background: { default: string; paper: string };
  text: { primary: string; secondary: string };
  divider: string;
  error: ColourSet;
  warning: ColourSet;
  info: ColourSet;
  success: ColourSet;
}

type StatusName = 'error' | 'warning' | 'info' | 'success';

export type ThemePalettes = Readonly<Record<ResolvedMode, PaletteVariant>>;

const ON_LIGHT = '#ffffff';
const ON_DARK = '#0b1220';

const lightSurface = {
  background: { default: '#f4f6fb', paper: '#ffffff' },
  text: { primary: '#1f2937', secondary: '#5a6474' },
  divider: '#e3e7ef',
} as const;

const darkSurface = {
  background: { default: '#121826', paper: '#1b2233' },
  text: { primary: '#e6e9f0', secondary: '#a9b3c4' },
  divider: '#2c3548',
} as const;

/** The red, green and blue channels (0-255) of a #rrggbb colour. */
const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

const toHex = (values: number[]) =>
  `#${values.map((value) => Math.trunc(value).toString(16).padStart(2, '0')).join('')}`;

/**
 * A colour set from its main colour: `light` a quarter of the way to white and `dark` a quarter
 * of the way to black (MUI's lighten / darken by 0.25, rounded down as MUI does).
 */
function colourSet(main: string, contrastText: string): ColourSet {
  const values = channels(main);
  return {
    main,
    light: toHex(values.map((value) => value + (255 - value) * 0.25)),
    dark: toHex(values.map((value) => value * 0.75)),
    contrastText,
  };
}

/** Status main colours: at least 4.5:1 as text on the mode's surfaces and with its text colour. */
const STATUS: Readonly<Record<'light' | 'dark', Readonly<Record<StatusName, string>>>> = {
  light: { error: '#c62828', warning: '#b45309', info: '#0369a1', success: '#2e7d32' },
  dark: { error: '#ff8a80', warning: '#ffb74d', info: '#7dd3fc', success: '#81c784' },
};

function variant(
  surface: typeof lightSurface | typeof darkSurface,
  onColour: string,
  [primary, secondary]: readonly [string, string],
): PaletteVariant {
  const status = STATUS[surface === lightSurface ? 'light' : 'dark'];
  return {
    primary: colourSet(primary, onColour),
    secondary: colourSet(secondary, onColour),
    background: { ...surface.background },
    text: { ...surface.text },
    divider: surface.divider,
    error: colourSet(status.error, onColour),
    warning: colourSet(status.warning, onColour),
    info: colourSet(status.info, onColour),
    success: colourSet(status.success, onColour),
  };
}

/** A theme from the main colours of its primary and secondary, in light and in dark. */
const theme = (light: readonly [string, string], dark: readonly [string, string]) => ({
  light: variant(lightSurface, ON_LIGHT, light),
  dark: variant(darkSurface, ON_DARK, dark),
});

// Each theme: [primary, secondary] in light mode, then in dark mode.
export const palettes: Readonly<Record<ThemeName, ThemePalettes>> = {
  BLUE_THEME: theme(['#1d5fd1', '#0369a1'], ['#8ab4ff', '#7dd3fc']),
  AQUA_THEME: theme(['#0067a5', '#0f766e'], ['#5cb8f0', '#5eead4']),
  PURPLE_THEME: theme(['#6d3fd0', '#0e7490'], ['#b69bff', '#67e8f9']),
  GREEN_THEME: theme(['#2e7d32', '#5c6b0f'], ['#7fd08a', '#d9e46a']),
  CYAN_THEME: theme(['#007a8a', '#b83f2a'], ['#4dd8e6', '#ffa58c']),
  ORANGE_THEME: theme(['#c2410c', '#0067a5'], ['#ffa25c', '#5cb8f0']),
};

export function getPalette(themeName: ThemeName, mode: ResolvedMode): PaletteVariant {
  return palettes[themeName][mode];
}
