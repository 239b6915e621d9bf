import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { paths } from '../../lib/paths';
import { TextInput } from '../../components/form/TextInput';
import { AuthCard } from './AuthCard';
import { FORGOT_PASSWORD_SENT } from './notices';
import {
  accountRequestReset,
  forgotPassword,
  selectAccountRequest,
} from '../../session/sessionSlice';
import { checkEmail, helperFor } from './validation';

const selectForgotRequest = selectAccountRequest('forgotPassword');

/** /auth/forgot-password: ask for a reset link. The answer never says whether the email exists. */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectForgotRequest);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(accountRequestReset('forgotPassword'));
  }, [dispatch]);

  const emailError = checkEmail(email);
  const busy = status === 'loading';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (emailError !== null || busy) return;
    await dispatch(forgotPassword(email.trim()));
  }

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to set a new password."
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 1 }}>
        {status === 'succeeded' ? (
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
