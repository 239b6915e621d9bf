import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { errorMessage } from '../../lib/strapi';
import { usePersistor } from '../../store/persistorContext';
import { paths } from '../../lib/paths';
import { EyeIcon, PlainField, PlainIconButton } from '../../components/plain/PlainField';
import { PlainAlert, PlainButton } from '../../components/plain/PlainControls';
import { styled } from '@mui/material/styles';
import { AuthLinks } from './AuthLinks';
import { AuthCard } from './AuthCard';
import { readNotice } from './notices';
import { useInstitute } from '../settings';
import { selectIsSignedIn } from '../../session/sessionSlice';
import { signIn } from '../../session/signIn';

// The sign-in page is the first visit: native elements in the theme's look rather than MUI's
// inputs and buttons (components/plain, issue 25). The fields stand 16px apart, like the other
// account forms with gap 2.
const Form = styled('form')(({ theme }) => ({ display: 'grid', gap: theme.spacing(2) }));

function fromPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/auth')) return from;
  }
  return paths.course;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { registrationOpen } = useInstitute();
  // signIn makes the call (a plain one: this page runs before the query layer is loaded, issue
  // 25) and the session slice keeps the answer; the page keeps the call's status and message.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clearError = () => setError(null);
  const signedIn = useAppSelector(selectIsSignedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState(false);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const persistor = usePersistor();
  // True from a sign-in until the session is written to the browser's storage (see onSubmit).
  const [keeping, setKeeping] = useState(false);
  // A message from the screen before (registered, password reset, signed out for inactivity).
  const notice = noticeClosed ? null : readNotice(location.state);

  if (signedIn && !keeping) return <Navigate to={fromPath(location.state)} replace />;

  const emailMissing = touched && email.trim() === '';
  const passwordMissing = touched && password === '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (email.trim() === '' || password === '') return;
    setKeeping(true);
    setBusy(true);
    setError(null);
    try {
      await dispatch(signIn({ email: email.trim(), password }));
    } catch (failure: unknown) {
      // Shown above the form; what the person typed stays.
      setError(errorMessage(failure));
      setKeeping(false);
      setBusy(false);
      return;
    }
    // The session is written to the browser's storage before the app moves on, so a reload or a
    // link opened right after signing in stays signed in.
    await persistor?.flush();
    navigate(fromPath(location.state), { replace: true });
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in with your email and password.">
      <Form noValidate onSubmit={onSubmit}>
        {notice && !error ? (
          <PlainAlert severity={notice.noticeSeverity} onClose={() => setNoticeClosed(true)}>
            {notice.notice}
          </PlainAlert>
        ) : null}
        {error ? (
          <PlainAlert severity="error" onClose={clearError}>
            {error}
          </PlainAlert>
        ) : null}
        <PlainField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={setEmail}
          error={emailMissing}
          helperText={emailMissing ? 'Enter your email' : undefined}
        />
        <PlainField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={passwordMissing}
          helperText={passwordMissing ? 'Enter your password' : undefined}
          end={
            <PlainIconButton
              type="button"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              <EyeIcon struck={showPassword} />
            </PlainIconButton>
          }
        />
        <PlainButton type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </PlainButton>
        <AuthLinks
          links={[
            [paths.auth.forgotPassword, 'Forgot password?'],
            ...(registrationOpen
              ? ([[paths.auth.register, 'New learner? Register']] as const)
              : []),
          ]}
        />
      </Form>
    </AuthCard>
  );
}
