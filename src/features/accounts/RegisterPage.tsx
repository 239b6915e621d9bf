import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { queryErrorMessage } from '../../store/api';
import { paths } from '../../lib/paths';
import { TextInput } from '../../components/form/TextInput';
import { NewPasswordFields } from './NewPasswordFields';
import { AuthCard } from './AuthCard';
import { REGISTERED_NOTICE, noticeState } from './notices';
import { useRegisterMutation } from '../../session/sessionEndpoints';
import {
  checkConfirmation,
  checkEmail,
  checkMobile,
  checkNewPassword,
  checkRequired,
  helperFor,
  isValid,
  normalizeMobile,
} from './validation';

/** /auth/register and /auth/signUp: a learner makes their own account. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [register, { isLoading: busy, error: failure }] = useRegisterMutation();
  const error = queryErrorMessage(failure);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const errors = {
    name: checkRequired(name, 'Enter your full name'),
    email: checkEmail(email),
    mobile: checkMobile(mobile),
    password: checkNewPassword(password),
    confirmation: checkConfirmation(password, confirmation),
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!isValid(errors) || busy) return;
    try {
      await register({
        StudentName: name.trim(),
        student_email: email.trim(),
        student_mobile_number: normalizeMobile(mobile),
        password,
      }).unwrap();
    } catch {
      return; // The server's message is the hook's error, shown above the form.
    }
    navigate(paths.auth.login, { state: noticeState(REGISTERED_NOTICE) });
  }

  return (
    <AuthCard title="Register" subtitle="Create your learner account.">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 1 }}>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Full name"
          name="StudentName"
          autoComplete="name"
          autoFocus
          required
          value={name}
          onChange={setName}
          error={submitted && errors.name !== null}
          helperText={helperFor(submitted, errors.name)}
        />
        <TextInput
          label="Email"
          type="email"
          name="student_email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          error={submitted && errors.email !== null}
          helperText={helperFor(submitted, errors.email)}
        />
        <TextInput
          label="Mobile number"
          type="tel"
          name="student_mobile_number"
          autoComplete="tel"
          required
          value={mobile}
          onChange={setMobile}
          error={submitted && errors.mobile !== null}
          helperText={helperFor(submitted, errors.mobile)}
        />
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm password"
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          submitted={submitted}
          passwordError={errors.password}
          confirmationError={errors.confirmation}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.auth.login}>
            Sign in
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
