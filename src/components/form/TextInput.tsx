import { useId, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

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
  const helperText = problem || help;
  const id = useId();
  const helperId = `${id}-helper`;
  // Date and time inputs always show their own placeholder, so the label stays above them.
  const shrink = input.type === 'datetime-local' ? true : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      required={input.required}
      disabled={input.disabled}
      error={input.error || Boolean(problem)}
    >
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={input.required ? `${label} *` : label}
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
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
