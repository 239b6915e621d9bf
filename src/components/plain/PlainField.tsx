// The sign-in page's text field on a native <input> in the theme's look (issue 25, "a lighter
// first visit"): MUI's input stack (FormControl, InputLabel, OutlinedInput, the notch, IconButton)
// weighed ~15 KB gzip of the first visit. The label is a real <label for>, the helper or error
// text is tied with aria-describedby and aria-invalid, the focus ring is the theme's primary
// colour, and the input is 16px so phones do not zoom into it. Every other screen keeps
// components/form/TextInput (MUI).
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';

const Field = styled('div')({ display: 'grid', gap: 4 });

const Label = styled('label')(({ theme }) => ({
  ...theme.typography.body2,
  fontWeight: 600,
  color: theme.palette.text.secondary,
}));

const Frame = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.38)' : 'rgba(255, 255, 255, 0.38)'}`,
  backgroundColor: theme.palette.background.paper,
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus-within': {
    borderColor: theme.palette.primary.main,
    boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
  },
  '&[data-error="true"]': {
    borderColor: theme.palette.error.main,
    '&:focus-within': { boxShadow: `0 0 0 1px ${theme.palette.error.main}` },
  },
}));

const Input = styled('input')(({ theme }) => ({
  flex: 1,
  minWidth: 0,
  border: 0,
  outline: 0,
  background: 'transparent',
  color: theme.palette.text.primary,
  font: 'inherit',
  // 16px: a phone's browser zooms into any smaller input when it is focused.
  fontSize: '1rem',
  padding: '14px',
  minHeight: 24,
}));

const Help = styled('p')(({ theme }) => ({
  ...theme.typography.caption,
  margin: '0 14px',
  minHeight: '1.66em',
  color: theme.palette.text.secondary,
  '&[data-error="true"]': { color: theme.palette.error.main },
}));

export const PlainIconButton = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  marginInlineEnd: 4,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: theme.palette.text.secondary,
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
  '& svg': { width: 24, height: 24, fill: 'currentColor' },
}));

interface PlainFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  /** Under the input: a hint, or what is wrong when `error`. */
  helperText?: string;
  /** After the input, inside its frame (a show-password button). */
  end?: ReactNode;
}

export function PlainField(props: PlainFieldProps) {
  const { label, value, onChange, helperText, error = false, required = false, end } = props;
  const id = useId();
  const helpId = `${id}-helper`;
  const hasHelp = helperText !== undefined && helperText.trim() !== '';
  return (
    <Field>
      <Label htmlFor={id}>{required ? `${label} *` : label}</Label>
      <Frame data-error={error}>
        <Input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          autoFocus={props.autoFocus}
          required={required}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          aria-invalid={error || undefined}
          aria-describedby={hasHelp ? helpId : undefined}
        />
        {end}
      </Frame>
      {/* The line is always there, so an error appearing does not move the form. */}
      <Help id={helpId} data-error={error}>
        {helperText ?? ' '}
      </Help>
    </Field>
  );
}

/** The eye (shown) and struck eye (hidden) of a password toggle: Material icons' paths. */
export function EyeIcon({ struck }: { struck: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={
          struck
            ? 'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z'
            : 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3'
        }
      />
    </svg>
  );
}
