import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/feedback/EmptyState';
import { paths } from '../../app/paths';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot password">
      <EmptyState
        title="Not available yet"
        description="Password reset by email is not open yet. Ask your administrator to reset your password."
        action={
          <Button component={RouterLink} to={paths.auth.login} variant="contained">
            Back to sign in
          </Button>
        }
      />
    </AuthCard>
  );
}
