// The first field of many forms: a required text (a name, a title) with its problem when left
// blank, shown once the form was submitted (useFormSubmit's `shown`).
import { useState } from 'react';
import { TextInput } from './TextInput';

/** A required text's value, the value trimmed, and its problem when blank ("Enter a title."). */
export function useRequiredText(initial: string, blankProblem: string) {
  const [value, setValue] = useState(initial);
  const trimmed = value.trim();
  return { value, setValue, trimmed, problem: trimmed ? null : blankProblem };
}

export type RequiredText = ReturnType<typeof useRequiredText>;

interface RequiredTextInputProps {
  label: string;
  field: RequiredText;
  /** The problem as the form shows it (none before the first submit). */
  shown: (problem: string | null) => string | null;
  /** Focused when the dialog opens unless said. */
  autoFocus?: boolean;
}

export function RequiredTextInput({
  label,
  field,
  shown,
  autoFocus = true,
}: RequiredTextInputProps) {
  return (
    <TextInput
      label={label}
      value={field.value}
      onChange={field.setValue}
      required
      autoFocus={autoFocus}
      problem={shown(field.problem)}
    />
  );
}
