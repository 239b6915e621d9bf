import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/feedback/EmptyState';
import { paths } from '../../app/paths';
import { AuthCard } from './AuthCard';

export function ResetPasswordPage() {
  return (
    <AuthCard title="Reset password">
      <EmptyState
        title="Not available yet"
        description="Setting a new password with a reset code is not open yet."
        action={
          <Button component={RouterLink} to={paths.auth.login} variant="contained">
            Back to sign in
          </Button>
        }
      />
    </AuthCard>
  );
}
