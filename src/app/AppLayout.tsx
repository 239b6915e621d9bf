import { useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../components/feedback/EmptyState';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { FullLayout } from '../components/layout/FullLayout';
import { MessageSnackbar, type MessageSeverity } from '../components/feedback/MessageSnackbar';
import { layoutConfig } from '../theme/appearance';
import { CustomizerButton } from '../theme/Customizer';
import { NotificationBell } from '../features/notifications';
import { useInstitute } from '../features/settings';
import { selectRoleKind, selectRoleNames, selectUserInfo } from '../session/sessionSlice';
import {
  messageCleared,
  selectIsHeaderVisible,
  selectIsTestStarted,
  selectMessages,
} from '../store/uiSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { menuIcons } from './menuIcons';
import { isExamPath } from '../lib/paths';
import { menuIdForPath, screenForPath, screens } from './screens';
import { useSignOut } from '../session/useSignOut';

const severities: MessageSeverity[] = ['error', 'warning', 'success'];

/** The full layout joined to the store: the menu of the user's role, their name, sign-out. */
export function AppLayout() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const user = useAppSelector(selectUserInfo);
  const roleKind = useAppSelector(selectRoleKind);
  const institute = useInstitute();
  const roleNames = useAppSelector(selectRoleNames);
  const messages = useAppSelector(selectMessages);
  const signOut = useSignOut();
  const testStarted = useAppSelector(selectIsTestStarted);
  const headerVisible = useAppSelector(selectIsHeaderVisible);
  // Only on a test's own page: a flag left over from a closed tab never hides the menu elsewhere.
  const chromeHidden = isExamPath(pathname) && (testStarted || !headerVisible);

  const menu = useMemo(
    () =>
      screens
        .filter((screen) => screen.roles.includes(roleKind))
        .map(({ id, title, path }) => ({ id, title, path, icon: menuIcons[id] })),
    [roleKind],
  );

  // Screens a role has no use for say so instead of showing controls the server would refuse.
  const screen = screenForPath(pathname);
  const allowed = !screen || screen.roles.includes(roleKind);

  return (
    <FullLayout
      menu={menu}
      selectedMenuId={menuIdForPath(pathname)}
      sizes={layoutConfig}
      user={{
        name: user?.username ?? '',
        email: user?.email ?? '',
        roleNames,
        avatarUrl: user?.userAvatar?.url ?? null,
      }}
      onSignOut={() => void signOut()}
      chromeHidden={chromeHidden}
      brand={{ name: institute.name, logoUrl: institute.logo?.url ?? null }}
      topbarActions={
        <>
          <NotificationBell />
          <CustomizerButton />
        </>
      }
      overlays={severities.map((severity) => (
        <MessageSnackbar
          key={severity}
          severity={severity}
          message={messages[severity]}
          onClose={() => dispatch(messageCleared(severity))}
        />
      ))}
    >
      <ErrorBoundary resetKey={pathname}>
        {allowed ? (
          <Outlet />
        ) : (
          <EmptyState
            icon={<LockOutlined fontSize="large" />}
            title="You do not have access to this page"
            description="Pick a page from the menu, or ask an administrator if you need access."
          />
        )}
      </ErrorBoundary>
    </FullLayout>
  );
}
