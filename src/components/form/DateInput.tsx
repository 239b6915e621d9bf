import { useId, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD`, or "" when none. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
}

/** An outlined date field (the browser's own date input) with its label always above. */
export function DateInput({ label, value, onChange, helperText, ...input }: DateInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl
      variant="outlined"
      fullWidth
      required={input.required}
      disabled={input.disabled}
      error={input.error}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type="date"
        notched
        label={input.required ? `${label} *` : label}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
