// A text field's state as the inputs take it: spread it into a TextInput (`{...field}`), read
// `field.value` for the save.
import { useState } from 'react';

export interface Field {
  value: string;
  onChange: (value: string) => void;
}

export function useField(initial: string): Field {
  const [value, onChange] = useState(initial);
  return { value, onChange };
}
