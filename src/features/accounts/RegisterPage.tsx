import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { queryErrorMessage } from '../../store/api';
import { localDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { TextInput } from '../../components/form/TextInput';
import { useRegisterMutation } from '../../session/sessionEndpoints';
import { AccountForm } from './AccountForm';
import { useInstitute } from '../settings';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';
import { REGISTERED_NOTICE, noticeState } from './notices';
import { useNewPassword } from './useNewPassword';
import {
  checkEmail,
  checkMobile,
  checkRequired,
  fieldState,
  isValid,
  normalizeMobile,
} from './validation';

/** /auth/register and /auth/signUp: a learner makes their own account. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [register, { isLoading: busy, error: failure }] = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const newPassword = useNewPassword();
  const [submitted, setSubmitted] = useState(false);
  const { registrationOpen, supportContact } = useInstitute();

  const errors = {
    name: checkRequired(name, 'Enter your full name'),
    email: checkEmail(email),
    mobile: checkMobile(mobile),
    password: newPassword.passwordError,
    confirmation: newPassword.confirmationError,
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
        password: newPassword.password,
        student_enrollment_date: localDate(),
      }).unwrap();
    } catch {
      return; // The server's message is the hook's error, shown above the form.
    }
    navigate(paths.auth.login, { state: noticeState(REGISTERED_NOTICE) });
  }

  // The institute may close self-registration (issue 24): say so instead of a form it refuses.
  if (!registrationOpen) {
    return (
      <AuthCard title="Register" subtitle="Create your learner account.">
        <Alert severity="info" sx={{ mb: 2 }}>
          Registration is closed. Ask your institute for an account.
          {supportContact ? ` Contact: ${supportContact}` : ''}
        </Alert>
        <Link component={RouterLink} to={paths.auth.login}>
          Back to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Register" subtitle="Create your learner account.">
      <AccountForm
        onSubmit={onSubmit}
        error={queryErrorMessage(failure)}
        busy={busy}
        submitLabel="Create account"
        busyLabel="Creating account…"
        footer={
          <Typography variant="body2" sx={{ mt: 1 }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.auth.login}>
              Sign in
            </Link>
          </Typography>
        }
      >
        <TextInput
          label="Full name"
          name="StudentName"
          autoComplete="name"
          autoFocus
          required
          value={name}
          onChange={setName}
          {...fieldState(submitted, errors.name)}
        />
        <TextInput
          label="Email"
          type="email"
          name="student_email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          {...fieldState(submitted, errors.email)}
        />
        <TextInput
          label="Mobile number"
          type="tel"
          name="student_mobile_number"
          autoComplete="tel"
          required
          value={mobile}
          onChange={setMobile}
          {...fieldState(submitted, errors.mobile)}
        />
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm password"
          value={newPassword}
          submitted={submitted}
        />
      </AccountForm>
    </AuthCard>
  );
}
