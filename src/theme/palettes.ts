// The six colour themes, each with a light and a dark variant. Every `contrastText` reaches at
// least 4.5:1 against its `main` colour (WCAG AA for normal text); tests/theme checks this.

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
}

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

function variant(
  surface: typeof lightSurface | typeof darkSurface,
  primary: ColourSet,
  secondary: ColourSet,
): PaletteVariant {
  return {
    primary,
    secondary,
    background: { ...surface.background },
    text: { ...surface.text },
    divider: surface.divider,
  };
}

export const palettes: Readonly<Record<ThemeName, ThemePalettes>> = {
  BLUE_THEME: {
    light: variant(
      lightSurface,
      { main: '#1d5fd1', light: '#5587dc', dark: '#15479c', contrastText: ON_LIGHT },
      { main: '#0369a1', light: '#428eb8', dark: '#024e78', contrastText: ON_LIGHT },
    ),
    dark: variant(
      darkSurface,
      { main: '#8ab4ff', light: '#a7c6ff', dark: '#6787bf', contrastText: ON_DARK },
      { main: '#7dd3fc', light: '#9ddefc', dark: '#5d9ebd', contrastText: ON_DARK },
    ),
  },
  AQUA_THEME: {
    light: variant(
      lightSurface,
      { main: '#0067a5', light: '#3f8dbb', dark: '#004d7b', contrastText: ON_LIGHT },
      { main: '#0f766e', light: '#4b9892', dark: '#0b5852', contrastText: ON_LIGHT },
    ),
    dark: variant(
      darkSurface,
      { main: '#5cb8f0', light: '#84c9f3', dark: '#458ab4', contrastText: ON_DARK },
      { main: '#5eead4', light: '#86efde', dark: '#46af9f', contrastText: ON_DARK },
    ),
  },
  PURPLE_THEME: {
    light: variant(
      lightSurface,
      { main: '#6d3fd0', light: '#916fdb', dark: '#512f9c', contrastText: ON_LIGHT },
      { main: '#0e7490', light: '#4a96ab', dark: '#0a576c', contrastText: ON_LIGHT },
    ),
    dark: variant(
      darkSurface,
      { main: '#b69bff', light: '#c8b4ff', dark: '#8874bf', contrastText: ON_DARK },
      { main: '#67e8f9', light: '#8dedfa', dark: '#4daeba', contrastText: ON_DARK },
    ),
  },
  GREEN_THEME: {
    light: variant(
      lightSurface,
      { main: '#2e7d32', light: '#629d65', dark: '#225d25', contrastText: ON_LIGHT },
      { main: '#5c6b0f', light: '#84904b', dark: '#45500b', contrastText: ON_LIGHT },
    ),
    dark: variant(
      darkSurface,
      { main: '#7fd08a', light: '#9fdba7', dark: '#5f9c67', contrastText: ON_DARK },
      { main: '#d9e46a', light: '#e2ea8f', dark: '#a2ab4f', contrastText: ON_DARK },
    ),
  },
  CYAN_THEME: {
    light: variant(
      lightSurface,
      { main: '#007a8a', light: '#3f9ba7', dark: '#005b67', contrastText: ON_LIGHT },
      { main: '#b83f2a', light: '#c96f5f', dark: '#8a2f1f', contrastText: ON_LIGHT },
    ),
    dark: variant(
      darkSurface,
      { main: '#4dd8e6', light: '#79e1ec', dark: '#39a2ac', contrastText: ON_DARK },
      { main: '#ffa58c', light: '#ffbba8', dark: '#bf7b69', contrastText: ON_DARK },
    ),
  },
  ORANGE_THEME: {
    light: variant(
      lightSurface,
      { main: '#c2410c', light: '#d17048', dark: '#913009', contrastText: ON_LIGHT },
      { main: '#0067a5', light: '#3f8dbb', dark: '#004d7b', contrastText: ON_LIGHT },
    ),
    dark: variant(
      darkSurface,
      { main: '#ffa25c', light: '#ffb984', dark: '#bf7945', contrastText: ON_DARK },
      { main: '#5cb8f0', light: '#84c9f3', dark: '#458ab4', contrastText: ON_DARK },
    ),
  },
};

export function getPalette(themeName: ThemeName, mode: ResolvedMode): PaletteVariant {
  return palettes[themeName][mode];
}
