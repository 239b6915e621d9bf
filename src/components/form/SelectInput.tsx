import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface SelectChoice {
  value: string;
  label: string;
}

interface SelectInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly SelectChoice[];
  /** A first choice with the empty value ("All categories", "None"). */
  emptyLabel?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
}

/**
 * An outlined native select with its label: the browser's own list (keyboard and screen-reader
 * friendly, and far lighter than MUI's menu-based Select).
 */
export function SelectInput(props: SelectInputProps) {
  const { label, value, onChange, choices, emptyLabel, helperText, fullWidth = true } = props;
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput notched label={props.required ? `${label} *` : label} />}
        inputProps={{ id, 'aria-describedby': helperText ? helperId : undefined }}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
