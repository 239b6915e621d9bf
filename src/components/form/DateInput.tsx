import type { ChangeEvent, ReactNode } from 'react';
import OutlinedInput from '@mui/material/OutlinedInput';
import { OutlinedField } from './OutlinedField';

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
  return (
    <OutlinedField label={label} helperText={helperText} {...input} shrink>
      {({ id, describedBy, notchLabel }) => (
        <OutlinedInput
          id={id}
          type="date"
          notched
          label={notchLabel}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
    </OutlinedField>
  );
}
