import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import { queryErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { PasswordInput } from '../../components/form/PasswordInput';
import {
  CHANGE_PASSWORD_KEY,
  changeOwnPassword,
  useChangePasswordMutation,
} from '../../session/sessionEndpoints';
import { AccountForm } from './AccountForm';
import { NewPasswordFields } from './NewPasswordFields';
import { useNewPassword } from './useNewPassword';
import { checkRequired, fieldState } from './validation';
import { SettingsCard } from '../../components/layout/SettingsCard';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
/** How long the success message stays. */
export const PASSWORD_CHANGED_VISIBLE_MS = 6000;

/** Settings: a signed-in person changes their password. */
export function ChangePasswordCard() {
  const dispatch = useAppDispatch();
  // changeOwnPassword makes the call and keeps the fresh token; the hook reads its status.
  const [, { isLoading: busy, error: failure, reset }] = useChangePasswordMutation({
    fixedCacheKey: CHANGE_PASSWORD_KEY,
  });
  // The next visit starts without this one's error.
  useEffect(() => reset, [reset]);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const [submitted, setSubmitted] = useState(false);

  // The success message is set by the change and hidden once shown for a few seconds.
  useEffect(() => {
    if (!passwordChanged) return undefined;
    const id = setTimeout(() => setPasswordChanged(false), PASSWORD_CHANGED_VISIBLE_MS);
    return () => clearTimeout(id);
  }, [passwordChanged]);

  const currentError = checkRequired(current, 'Enter your current password');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const { password, confirmation, passwordError, confirmationError } = newPassword;
    if (currentError || passwordError || confirmationError || busy) return;
    setPasswordChanged(false);
    try {
      await dispatch(
        changeOwnPassword({
          currentPassword: current,
          password,
          passwordConfirmation: confirmation,
        }),
      );
    } catch {
      return; // The server's message is the hook's error, shown above the form.
    }
    setPasswordChanged(true);
    setCurrent('');
    newPassword.clear();
    setSubmitted(false);
  }

  return (
    <SettingsCard headingId="change-password-title" title="Change password">
      <AccountForm
        inline
        onSubmit={onSubmit}
        error={queryErrorMessage(failure)}
        message={
          passwordChanged ? (
            <Alert severity="success" onClose={() => setPasswordChanged(false)}>
              {PASSWORD_CHANGED_MESSAGE}
            </Alert>
          ) : null
        }
        busy={busy}
        submitLabel="Change password"
        busyLabel="Changing…"
      >
        <PasswordInput
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={current}
          onChange={setCurrent}
          {...fieldState(submitted, currentError)}
        />
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          value={newPassword}
          submitted={submitted}
        />
      </AccountForm>
    </SettingsCard>
  );
}
