import { PasswordInput } from '../../components/form/PasswordInput';
import { helperFor } from './validation';

interface NewPasswordFieldsProps {
  /** "New password" on reset and change, "Password" on registration. */
  label: string;
  confirmLabel: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  submitted: boolean;
  passwordError: string | null;
  confirmationError: string | null;
  autoFocus?: boolean;
}

/** A new password and its confirmation, as registration, reset and change password ask them. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { submitted, passwordError, confirmationError } = props;
  return (
    <>
      <PasswordInput
        label={props.label}
        name="password"
        autoComplete="new-password"
        autoFocus={props.autoFocus}
        required
        value={props.password}
        onChange={props.onPasswordChange}
        error={submitted && passwordError !== null}
        helperText={submitted && passwordError ? passwordError : 'At least 8 characters'}
      />
      <PasswordInput
        label={props.confirmLabel}
        name="passwordConfirmation"
        autoComplete="new-password"
        required
        value={props.confirmation}
        onChange={props.onConfirmationChange}
        error={submitted && confirmationError !== null}
        helperText={helperFor(submitted, confirmationError)}
      />
    </>
  );
}
