// The frame of every outlined input of ours (text, select, date): the label, the helper text or
// problem under it, required / disabled / error, and the ids that tie them to the input.
import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';

/** What the input inside the frame is given. */
export interface FieldParts {
  id: string;
  /** The helper text's id, for `aria-describedby` (none without helper text). */
  describedBy: string | undefined;
  /** The label as the outline's notch leaves room for it ("Name *" when required). */
  notchLabel: string;
}

interface OutlinedFieldProps {
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  fullWidth?: boolean;
  /** The label always stays above the input (dates, selects). */
  shrink?: boolean;
  children: (parts: FieldParts) => ReactNode;
}

export function OutlinedField(props: OutlinedFieldProps) {
  const { label, helperText, required, fullWidth = true, shrink, children } = props;
  const id = useId();
  const helperId = `${id}-helper`;
  const parts = {
    id,
    describedBy: helperText ? helperId : undefined,
    notchLabel: required ? `${label} *` : label,
  };
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      required={required}
      disabled={props.disabled}
      error={props.error}
    >
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children(parts)}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
