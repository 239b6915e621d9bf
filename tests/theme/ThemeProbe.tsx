import { useTheme } from '@mui/material/styles';
import { useAppearance } from '../../src/theme';

/** Renders what the current MUI theme and appearance context say, for assertions. */
export function ThemeProbe() {
  const theme = useTheme();
  const { settings, resolvedMode } = useAppearance();
  return (
    <output
      data-testid="probe"
      data-mode={theme.palette.mode}
      data-direction={theme.direction}
      data-primary={theme.palette.primary.main}
      data-radius={String(theme.shape.borderRadius)}
      data-active-mode={settings.activeMode}
      data-active-theme={settings.activeTheme}
      data-resolved-mode={resolvedMode}
    />
  );
}

export function probe(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-testid="probe"]');
  if (!element) throw new Error('ThemeProbe is not rendered');
  return element;
}
