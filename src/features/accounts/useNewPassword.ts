import { useState } from 'react';
import { checkConfirmation, checkNewPassword } from './validation';

/** A new password and its confirmation, with their checks (registration, reset, change). */
export interface NewPassword {
  password: string;
  confirmation: string;
  setPassword: (value: string) => void;
  setConfirmation: (value: string) => void;
  passwordError: string | null;
  confirmationError: string | null;
  clear: () => void;
}

export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    passwordError: checkNewPassword(password),
    confirmationError: checkConfirmation(password, confirmation),
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}
