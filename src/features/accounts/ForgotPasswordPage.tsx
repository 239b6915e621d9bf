import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { queryErrorMessage } from '../../store/api';
import { paths } from '../../lib/paths';
import { TextInput } from '../../components/form/TextInput';
import { AuthCard } from './AuthCard';
import { FORGOT_PASSWORD_SENT } from './notices';
import { useForgotPasswordMutation } from '../../session/sessionEndpoints';
import { checkEmail, helperFor } from './validation';

/** /auth/forgot-password: ask for a reset link. The answer never says whether the email exists. */
export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading: busy, isSuccess: sent, error: failure }] =
    useForgotPasswordMutation();
  const error = queryErrorMessage(failure);
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
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 1 }}>
        {sent ? (
          <Alert severity="success" sx={{ mb: 1 }}>
            {FORGOT_PASSWORD_SENT}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={setEmail}
          error={submitted && emailError !== null}
          helperText={helperFor(submitted, emailError)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </Button>
        <Link component={RouterLink} to={paths.auth.login} sx={{ mt: 1 }}>
          Back to sign in
        </Link>
      </Box>
    </AuthCard>
  );
}
