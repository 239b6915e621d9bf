import type { ChangeEvent, ReactNode } from 'react';
import OutlinedInput from '@mui/material/OutlinedInput';
import { displayZone } from '../../lib/dates';
import { OutlinedField } from './OutlinedField';

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number' | 'search' | 'url' | 'datetime-local';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** What is wrong with the value: shown instead of the helper text, and marks the field. */
  problem?: string | null;
  endAdornment?: ReactNode;
  fullWidth?: boolean;
  multiline?: boolean;
  minRows?: number;
}

/**
 * An outlined text field with label and helper text. MUI's TextField also brings its Select
 * (menus, popovers, modals); the forms that need none of that use this leaner field instead.
 */
export function TextInput(props: TextInputProps) {
  const {
    label,
    value,
    onChange,
    problem,
    endAdornment,
    fullWidth = true,
    helperText: help,
    ...input
  } = props;
  // A typed time is read in the display zone (issue 24), so the field says which one.
  const zoneHelp = input.type === 'datetime-local' ? `Time zone: ${displayZone()}` : undefined;
  const helperText = problem || help || zoneHelp;
  // Date and time inputs always show their own placeholder, so the label stays above them.
  const shrink = input.type === 'datetime-local' ? true : undefined;
  return (
    <OutlinedField
      label={label}
      helperText={helperText}
      required={input.required}
      disabled={input.disabled}
      error={input.error || Boolean(problem)}
      fullWidth={fullWidth}
      shrink={shrink}
    >
      {({ id, describedBy, notchLabel }) => (
        <OutlinedInput
          id={id}
          label={notchLabel}
          notched={shrink}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          name={input.name}
          type={input.type ?? 'text'}
          autoComplete={input.autoComplete}
          autoFocus={input.autoFocus}
          endAdornment={endAdornment}
          multiline={input.multiline}
          minRows={input.minRows}
          aria-describedby={describedBy}
        />
      )}
    </OutlinedField>
  );
}
