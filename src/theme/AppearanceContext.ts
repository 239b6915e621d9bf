import { createContext } from 'react';
import type {
  ActiveDir,
  ActiveMode,
  AppearanceSettings,
  ResolvedMode,
  ThemeName,
} from './appearance';

export interface AppearanceContextValue {
  /** The user's choices, as stored. */
  settings: AppearanceSettings;
  /** The mode actually shown: 'system' resolved against the operating system preference. */
  resolvedMode: ResolvedMode;
  setActiveMode: (mode: ActiveMode) => void;
  setActiveDir: (dir: ActiveDir) => void;
  setActiveTheme: (themeName: ThemeName) => void;
  setBorderRadius: (radius: number) => void;
  reset: () => void;
}

export const AppearanceContext = createContext<AppearanceContextValue | null>(null);
AppearanceContext.displayName = 'AppearanceContext';
