import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { queryErrorMessage } from '../../store/api';
import { paths } from '../../lib/paths';
import { TextInput } from '../../components/form/TextInput';
import { useForgotPasswordMutation } from '../../session/sessionEndpoints';
import { AccountForm } from './AccountForm';
import { AuthCard } from './AuthCard';
import { FORGOT_PASSWORD_SENT } from './notices';
import { checkEmail, fieldState } from './validation';

/** /auth/forgot-password: ask for a reset link. The answer never says whether the email exists. */
export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading: busy, isSuccess: sent, error: failure }] =
    useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const emailError = checkEmail(email);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (emailError !== null || busy) return;
    // The outcome (sent, or the server's message) is the hook's result, shown above the form.
    await forgotPassword(email.trim());
  }

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to set a new password."
    >
      <AccountForm
        onSubmit={onSubmit}
        error={queryErrorMessage(failure)}
        message={
          sent ? (
            <Alert severity="success" sx={{ mb: 1 }}>
              {FORGOT_PASSWORD_SENT}
            </Alert>
          ) : null
        }
        busy={busy}
        submitLabel="Send reset link"
        busyLabel="Sending…"
        footer={
          <Link component={RouterLink} to={paths.auth.login} sx={{ mt: 1 }}>
            Back to sign in
          </Link>
        }
      >
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={setEmail}
          {...fieldState(submitted, emailError)}
        />
      </AccountForm>
    </AuthCard>
  );
}
