import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { TextInput } from './TextInput';

interface PasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/** A password field with a show/hide button. */
export function PasswordInput({ label, ...props }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      label={label}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setShown((value) => !value)}
            edge="end"
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
