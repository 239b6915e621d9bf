import type { ReactNode } from 'react';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { OutlinedField } from './OutlinedField';

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
  // The rest (label, helper text, required, disabled, error, full width) is the frame's.
  const { value, onChange, choices, emptyLabel, ...frame } = props;
  return (
    <OutlinedField {...frame} shrink>
      {({ id, describedBy, notchLabel }) => (
        <NativeSelect
          value={value}
          onChange={(event) => onChange(event.target.value)}
          input={<OutlinedInput notched label={notchLabel} />}
          inputProps={{ id, 'aria-describedby': describedBy }}
        >
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </OutlinedField>
  );
}

/** Records as a select's choices: each one's documentId, shown by its name. */
export function choicesOf<T extends { documentId: string }>(
  items: readonly T[],
  labelOf: (item: T) => string,
): SelectChoice[] {
  return items.map((item) => ({ value: item.documentId, label: labelOf(item) }));
}
