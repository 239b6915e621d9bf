export {
  ACTIVE_DIRS,
  ACTIVE_MODES,
  APPEARANCE_STORAGE_KEY,
  BORDER_RADIUS_MAX,
  BORDER_RADIUS_MIN,
  PREFERS_DARK_QUERY,
  THEME_LABELS,
  THEME_NAMES,
  appearanceDefaults,
  clampBorderRadius,
  isActiveDir,
  isActiveMode,
  isThemeName,
  layoutConfig,
  loadAppearance,
  parseAppearance,
  parseStoredAppearance,
  saveAppearance,
  serializeAppearance,
} from './appearance';
export type {
  ActiveDir,
  ActiveMode,
  AppearanceSettings,
  ResolvedMode,
  ThemeName,
} from './appearance';
export { getPalette, palettes } from './palettes';
export type { ColourSet, PaletteVariant, ThemePalettes } from './palettes';
export { FONT_FAMILY, createAppTheme } from './createAppTheme';
export type { CreateAppThemeOptions } from './createAppTheme';
export { getEmotionCache } from './emotionCache';
export { AppearanceContext } from './AppearanceContext';
export type { AppearanceContextValue } from './AppearanceContext';
export { AppearanceProvider } from './AppearanceProvider';
export type { AppearanceProviderProps } from './AppearanceProvider';
export { useAppearance } from './useAppearance';
export { Customizer, CustomizerButton } from './Customizer';
export type { CustomizerButtonProps, CustomizerProps } from './Customizer';
