import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { queryErrorMessage } from '../../store/api';
import { paths } from '../../lib/paths';
import {
  RESET_PASSWORD_FAILED_MESSAGE,
  useResetPasswordMutation,
} from '../../session/sessionEndpoints';
import { AccountForm } from './AccountForm';
import { AuthLinks } from './AuthLinks';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';
import { PASSWORD_RESET_NOTICE, noticeState } from './notices';
import { useNewPassword } from './useNewPassword';

export const MISSING_CODE_MESSAGE =
  'This reset link is incomplete: it has no reset code. Ask for a new link and open it from the email.';

/** /auth/reset-password?code=…: set a new password with the code from the emailed link. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const [resetPassword, { isLoading: busy, error: failure }] = useResetPasswordMutation();
  const newPassword = useNewPassword();
  const [submitted, setSubmitted] = useState(false);

  if (!code) {
    return (
      <AuthCard title="Reset password">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MISSING_CODE_MESSAGE}
        </Alert>
        <Button component={RouterLink} to={paths.auth.forgotPassword} variant="contained">
          Ask for a new link
        </Button>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const { password, confirmation, passwordError, confirmationError } = newPassword;
    if (passwordError !== null || confirmationError !== null || busy) return;
    try {
      await resetPassword({ code, password, passwordConfirmation: confirmation }).unwrap();
    } catch {
      return; // The server's message is the hook's error, shown above the form.
    }
    navigate(paths.auth.login, { replace: true, state: noticeState(PASSWORD_RESET_NOTICE) });
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      <AccountForm
        onSubmit={onSubmit}
        error={queryErrorMessage(failure, RESET_PASSWORD_FAILED_MESSAGE)}
        busy={busy}
        submitLabel="Set new password"
        busyLabel="Saving…"
        footer={
          <AuthLinks
            links={[
              [paths.auth.login, 'Back to sign in'],
              [paths.auth.forgotPassword, 'Ask for a new link'],
            ]}
          />
        }
      >
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          value={newPassword}
          submitted={submitted}
          autoFocus
        />
      </AccountForm>
    </AuthCard>
  );
}
