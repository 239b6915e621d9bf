import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/feedback/EmptyState';
import { paths } from '../../app/paths';
import { AuthCard } from './AuthCard';

export function RegisterPage() {
  return (
    <AuthCard title="Register">
      <EmptyState
        title="Not available yet"
        description="Learner self-registration is not open yet. Ask your institute for an account."
        action={
          <Button component={RouterLink} to={paths.auth.login} variant="contained">
            Back to sign in
          </Button>
        }
      />
    </AuthCard>
  );
}
