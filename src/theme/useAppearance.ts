import { useContext } from 'react';
import { AppearanceContext, type AppearanceContextValue } from './AppearanceContext';

/** The appearance settings and their setters. Must be used inside `<AppearanceProvider>`. */
export function useAppearance(): AppearanceContextValue {
  const value = useContext(AppearanceContext);
  if (value === null) {
    throw new Error('useAppearance() must be used inside <AppearanceProvider>.');
  }
  return value;
}
