import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PasswordInput } from '../../components/form/PasswordInput';
import {
  accountRequestReset,
  changePassword,
  passwordChangedReset,
  selectAccountRequest,
  selectPasswordChanged,
} from '../../session/sessionSlice';
import { NewPasswordFields } from './NewPasswordFields';
import { checkConfirmation, checkNewPassword, checkRequired, helperFor } from './validation';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
/** How long the success message stays before the flag is reset. */
export const PASSWORD_CHANGED_VISIBLE_MS = 6000;

const selectChangeRequest = selectAccountRequest('changePassword');

/** Settings: a signed-in person changes their password. */
export function ChangePasswordCard() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectChangeRequest);
  const passwordChanged = useAppSelector(selectPasswordChanged);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(accountRequestReset('changePassword'));
    return () => {
      dispatch(passwordChangedReset());
    };
  }, [dispatch]);

  // The success flag is set by the change and reset once shown for a few seconds.
  useEffect(() => {
    if (!passwordChanged) return undefined;
    const id = setTimeout(() => dispatch(passwordChangedReset()), PASSWORD_CHANGED_VISIBLE_MS);
    return () => clearTimeout(id);
  }, [passwordChanged, dispatch]);

  const errors = {
    current: checkRequired(current, 'Enter your current password'),
    password: checkNewPassword(password),
    confirmation: checkConfirmation(password, confirmation),
  };
  const busy = status === 'loading';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (errors.current || errors.password || errors.confirmation || busy) return;
    const result = await dispatch(
      changePassword({ currentPassword: current, password, passwordConfirmation: confirmation }),
    );
    if (changePassword.fulfilled.match(result)) {
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setSubmitted(false);
    }
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="change-password-title">
      <CardContent>
        <Typography id="change-password-title" variant="h6" component="h2" gutterBottom>
          Change password
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 1, maxWidth: 440 }}
        >
          {passwordChanged ? (
            <Alert severity="success" onClose={() => dispatch(passwordChangedReset())}>
              {PASSWORD_CHANGED_MESSAGE}
            </Alert>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
          <PasswordInput
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={current}
            onChange={setCurrent}
            error={submitted && errors.current !== null}
            helperText={helperFor(submitted, errors.current)}
          />
          <NewPasswordFields
            label="New password"
            confirmLabel="Confirm new password"
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            submitted={submitted}
            passwordError={errors.password}
            confirmationError={errors.confirmation}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Changing…' : 'Change password'}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
