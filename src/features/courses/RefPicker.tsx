// A picker of records by name (one or several), fed by a list loaded from the server or, for
// large tables, by a server-side search as the person types.
import { memo, type HTMLAttributes, type Key } from 'react';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Ref } from './courseTypes';

interface BaseProps<T extends Ref> {
  label: string;
  options: readonly T[];
  labelOf: (item: T) => string;
  loading?: boolean;
  error?: string | null;
  disabled?: boolean;
  helperText?: string;
  /** Server search: called with what the person types; options are then not filtered here. */
  onSearch?: (text: string) => void;
}

interface MultiProps<T extends Ref> extends BaseProps<T> {
  value: T[];
  onChange: (value: T[]) => void;
}

interface SingleProps<T extends Ref> extends BaseProps<T> {
  value: T | null;
  onChange: (value: T | null) => void;
}

function sharedProps<T extends Ref>(props: BaseProps<T>) {
  const { label, options, labelOf, loading, error, disabled, helperText, onSearch } = props;
  return {
    options,
    loading,
    disabled,
    getOptionLabel: labelOf,
    isOptionEqualToValue: (option: T, value: T) => option.documentId === value.documentId,
    filterOptions: onSearch ? (items: T[]) => items : undefined,
    onInputChange: onSearch
      ? (_event: unknown, text: string, reason: string) => {
          if (reason === 'input') onSearch(text);
        }
      : undefined,
    renderOption: (optionProps: HTMLAttributes<HTMLLIElement> & { key: Key }, option: T) => {
      const { key, ...rest } = optionProps;
      return (
        <li {...rest} key={key}>
          {labelOf(option)}
        </li>
      );
    },
    noOptionsText: onSearch ? 'Type a name to search' : 'Nothing to choose from',
    loadingText: 'Loading…',
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={label}
        error={Boolean(error)}
        helperText={error ?? helperText}
      />
    ),
  };
}

function MultiRefPickerView<T extends Ref>(props: MultiProps<T>) {
  return (
    <Autocomplete<T, true, false, false>
      multiple
      {...sharedProps(props)}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
    />
  );
}

function SingleRefPickerView<T extends Ref>(props: SingleProps<T>) {
  return (
    <Autocomplete<T, false, false, false>
      {...sharedProps(props)}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
    />
  );
}

// Large forms hold many pickers: each re-renders only when its own props change (pass stable
// `labelOf` functions and option arrays to benefit).
export const MultiRefPicker = memo(MultiRefPickerView) as typeof MultiRefPickerView;
export const SingleRefPicker = memo(SingleRefPickerView) as typeof SingleRefPickerView;
