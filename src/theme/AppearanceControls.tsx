import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import FormatTextdirectionLToRIcon from '@mui/icons-material/FormatTextdirectionLToR';
import FormatTextdirectionRToLIcon from '@mui/icons-material/FormatTextdirectionRToL';
import LightModeIcon from '@mui/icons-material/LightMode';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import {
  BORDER_RADIUS_MAX,
  BORDER_RADIUS_MIN,
  THEME_LABELS,
  THEME_NAMES,
  isActiveDir,
  isActiveMode,
  isThemeName,
  type ActiveDir,
  type ActiveMode,
} from './appearance';
import { palettes } from './palettes';
import { useAppearance } from './useAppearance';

const MODE_OPTIONS: readonly { value: ActiveMode; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <LightModeIcon fontSize="small" /> },
  { value: 'dark', label: 'Dark', icon: <DarkModeIcon fontSize="small" /> },
  { value: 'system', label: 'System', icon: <SettingsBrightnessIcon fontSize="small" /> },
];

const DIR_OPTIONS: readonly { value: ActiveDir; label: string; icon: ReactNode }[] = [
  { value: 'ltr', label: 'LTR', icon: <FormatTextdirectionLToRIcon fontSize="small" /> },
  { value: 'rtl', label: 'RTL', icon: <FormatTextdirectionRToLIcon fontSize="small" /> },
];

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} component="h3" variant="subtitle2" sx={{ mb: 1, fontWeight: 700 }}>
      {children}
    </Typography>
  );
}

interface ChoiceSectionProps<T extends string> {
  id: string;
  title: string;
  options: readonly { value: T; label: string; icon: ReactNode }[];
  value: T;
  onChange: (value: unknown) => void;
}

/** A titled row of exclusive choices, each an icon and a word (theme mode, direction). */
function ChoiceSection<T extends string>({
  id,
  title,
  options,
  value,
  onChange,
}: ChoiceSectionProps<T>) {
  return (
    <Box>
      <SectionTitle id={id}>{title}</SectionTitle>
      <ToggleButtonGroup
        aria-labelledby={id}
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={value}
        onChange={(_event, next: unknown) => onChange(next)}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value} sx={{ gap: 0.75 }}>
            {option.icon}
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * The appearance choices (mode, direction, colour theme, corner radius, reset): in the top bar's
 * drawer and on the Settings page. Every control applies its change immediately.
 */
export function AppearanceControls() {
  const appearance = useAppearance();
  const { settings } = appearance;
  const baseId = useId();
  const modeId = `${baseId}-mode`;
  const dirId = `${baseId}-dir`;
  const colourId = `${baseId}-colour`;
  const radiusId = `${baseId}-radius`;

  return (
    <Stack spacing={3.5} sx={{ p: 2.5 }}>
      <ChoiceSection
        id={modeId}
        title="Theme mode"
        options={MODE_OPTIONS}
        value={settings.activeMode}
        onChange={(value) => {
          if (isActiveMode(value)) appearance.setActiveMode(value);
        }}
      />
      <ChoiceSection
        id={dirId}
        title="Direction"
        options={DIR_OPTIONS}
        value={settings.activeDir}
        onChange={(value) => {
          if (isActiveDir(value)) appearance.setActiveDir(value);
        }}
      />

      <Box>
        <SectionTitle id={colourId}>Colour theme</SectionTitle>
        <ToggleButtonGroup
          aria-labelledby={colourId}
          exclusive
          value={settings.activeTheme}
          onChange={(_event, value: unknown) => {
            if (isThemeName(value)) appearance.setActiveTheme(value);
          }}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            gap: 1.5,
            // The group normally joins its buttons; here they are separate swatches.
            '& .MuiToggleButtonGroup-grouped': {
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              m: 0,
            },
          }}
        >
          {THEME_NAMES.map((name) => {
            const colours = palettes[name][appearance.resolvedMode].primary;
            const selected = settings.activeTheme === name;
            return (
              <ToggleButton
                key={name}
                value={name}
                aria-label={`${THEME_LABELS[name]} theme`}
                title={`${THEME_LABELS[name]} theme`}
                sx={{ py: 1.25 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    bgcolor: colours.main,
                    color: colours.contrastText,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  {selected ? <CheckIcon fontSize="small" /> : null}
                </Box>
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
      </Box>

      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <SectionTitle id={radiusId}>Border radius</SectionTitle>
          <Typography variant="body2" color="text.secondary">
            {settings.borderRadius}px
          </Typography>
        </Stack>
        <Box sx={{ px: 1 }}>
          <Slider
            aria-labelledby={radiusId}
            min={BORDER_RADIUS_MIN}
            max={BORDER_RADIUS_MAX}
            step={1}
            value={settings.borderRadius}
            valueLabelDisplay="auto"
            getAriaValueText={(value) => `${value}px`}
            onChange={(_event, value) => {
              if (typeof value === 'number') appearance.setBorderRadius(value);
            }}
          />
        </Box>
      </Box>

      <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={appearance.reset}>
        Reset to defaults
      </Button>
    </Stack>
  );
}
