// Appearance settings: their types, the defaults from the product spec, and how they are kept in
// browser local storage. Reading never throws: anything missing or invalid falls back to defaults.

export type ActiveMode = 'light' | 'dark' | 'system';
export type ActiveDir = 'ltr' | 'rtl';
export type ResolvedMode = 'light' | 'dark';
export type ThemeName =
  'BLUE_THEME' | 'AQUA_THEME' | 'PURPLE_THEME' | 'GREEN_THEME' | 'CYAN_THEME' | 'ORANGE_THEME';

export interface AppearanceSettings {
  activeMode: ActiveMode;
  activeDir: ActiveDir;
  activeTheme: ThemeName;
  borderRadius: number;
}

export const ACTIVE_MODES: readonly ActiveMode[] = ['light', 'dark', 'system'];
export const ACTIVE_DIRS: readonly ActiveDir[] = ['ltr', 'rtl'];
export const THEME_NAMES: readonly ThemeName[] = [
  'BLUE_THEME',
  'AQUA_THEME',
  'PURPLE_THEME',
  'GREEN_THEME',
  'CYAN_THEME',
  'ORANGE_THEME',
];

/** Human-readable names of the colour themes (used for labels such as "Blue theme"). */
export const THEME_LABELS: Readonly<Record<ThemeName, string>> = {
  BLUE_THEME: 'Blue',
  AQUA_THEME: 'Aqua',
  PURPLE_THEME: 'Purple',
  GREEN_THEME: 'Green',
  CYAN_THEME: 'Cyan',
  ORANGE_THEME: 'Orange',
};

export const BORDER_RADIUS_MIN = 0;
export const BORDER_RADIUS_MAX = 24;

/** Fixed layout constants (product spec, sections 3 and 9). */
export const layoutConfig = {
  sidebarWidth: 280,
  miniSidebarWidth: 100,
  topbarHeight: 60,
  activeLayout: 'full',
  language: 'en',
} as const;

export const appearanceDefaults: Readonly<AppearanceSettings> = Object.freeze({
  activeDir: 'ltr',
  activeMode: 'light',
  activeTheme: 'BLUE_THEME',
  borderRadius: 7,
});

export const APPEARANCE_STORAGE_KEY = 'appearance';

/** The media query that 'system' mode follows. */
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

export function isActiveMode(value: unknown): value is ActiveMode {
  return typeof value === 'string' && (ACTIVE_MODES as readonly string[]).includes(value);
}

export function isActiveDir(value: unknown): value is ActiveDir {
  return typeof value === 'string' && (ACTIVE_DIRS as readonly string[]).includes(value);
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

export function isValidBorderRadius(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= BORDER_RADIUS_MIN &&
    value <= BORDER_RADIUS_MAX
  );
}

/** Clamps a radius into the allowed range; non-finite input gives the default. */
export function clampBorderRadius(value: number): number {
  if (!Number.isFinite(value)) return appearanceDefaults.borderRadius;
  return Math.min(BORDER_RADIUS_MAX, Math.max(BORDER_RADIUS_MIN, value));
}

/**
 * Turns anything (usually parsed JSON) into valid settings. Each field is checked on its own, so one
 * bad field does not throw away the others.
 */
export function parseAppearance(raw: unknown): AppearanceSettings {
  const source: Record<string, unknown> =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  return {
    activeMode: isActiveMode(source.activeMode) ? source.activeMode : appearanceDefaults.activeMode,
    activeDir: isActiveDir(source.activeDir) ? source.activeDir : appearanceDefaults.activeDir,
    activeTheme: isThemeName(source.activeTheme)
      ? source.activeTheme
      : appearanceDefaults.activeTheme,
    borderRadius: isValidBorderRadius(source.borderRadius)
      ? source.borderRadius
      : appearanceDefaults.borderRadius,
  };
}

/** Parses the stored string form; invalid JSON gives the defaults. */
export function parseStoredAppearance(text: string | null): AppearanceSettings {
  if (text === null) return { ...appearanceDefaults };
  try {
    return parseAppearance(JSON.parse(text) as unknown);
  } catch {
    return { ...appearanceDefaults };
  }
}

export function serializeAppearance(settings: AppearanceSettings): string {
  const { activeMode, activeDir, activeTheme, borderRadius } = settings;
  return JSON.stringify({ activeMode, activeDir, activeTheme, borderRadius });
}

// Accessing window.localStorage itself can throw (storage disabled, sandboxed frames).
function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads the settings from storage (default: localStorage). Never throws. */
export function loadAppearance(storage: Storage | null = defaultStorage()): AppearanceSettings {
  if (!storage) return { ...appearanceDefaults };
  try {
    return parseStoredAppearance(storage.getItem(APPEARANCE_STORAGE_KEY));
  } catch {
    return { ...appearanceDefaults };
  }
}

/** Writes the settings to storage (default: localStorage). Returns false if it could not. */
export function saveAppearance(
  settings: AppearanceSettings,
  storage: Storage | null = defaultStorage(),
): boolean {
  if (!storage) return false;
  try {
    const text = serializeAppearance(settings);
    if (storage.getItem(APPEARANCE_STORAGE_KEY) !== text) {
      storage.setItem(APPEARANCE_STORAGE_KEY, text);
    }
    return true;
  } catch {
    return false;
  }
}
