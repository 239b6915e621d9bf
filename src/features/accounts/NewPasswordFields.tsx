import { PasswordInput } from '../../components/form/PasswordInput';
import type { NewPassword } from './useNewPassword';
import { fieldState } from './validation';

interface NewPasswordFieldsProps {
  /** "New password" on reset and change, "Password" on registration. */
  label: string;
  confirmLabel: string;
  value: NewPassword;
  submitted: boolean;
  autoFocus?: boolean;
}

/** A new password and its confirmation, as registration, reset and change password ask them. */
export function NewPasswordFields({
  label,
  confirmLabel,
  value,
  submitted,
  autoFocus,
}: NewPasswordFieldsProps) {
  const { passwordError, confirmationError } = value;
  return (
    <>
      <PasswordInput
        label={label}
        name="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        value={value.password}
        onChange={value.setPassword}
        error={submitted && passwordError !== null}
        helperText={submitted && passwordError ? passwordError : 'At least 8 characters'}
      />
      <PasswordInput
        label={confirmLabel}
        name="passwordConfirmation"
        autoComplete="new-password"
        required
        value={value.confirmation}
        onChange={value.setConfirmation}
        {...fieldState(submitted, confirmationError)}
      />
    </>
  );
}
