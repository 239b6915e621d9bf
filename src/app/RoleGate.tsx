import type { ReactNode } from 'react';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../components/feedback/EmptyState';
import { selectRoleKind } from '../features/session/sessionSlice';
import type { RoleKind } from '../features/session/sessionTypes';
import { useAppSelector } from './hooks';

/** Screens a role has no use for say so instead of showing controls the server would refuse. */
export function RoleGate({ roles, children }: { roles: readonly RoleKind[]; children: ReactNode }) {
  const roleKind = useAppSelector(selectRoleKind);
  if (!roles.includes(roleKind)) {
    return (
      <EmptyState
        icon={<LockOutlined fontSize="large" />}
        title="You do not have access to this page"
        description="Pick a page from the menu, or ask an administrator if you need access."
      />
    );
  }
  return children;
}
