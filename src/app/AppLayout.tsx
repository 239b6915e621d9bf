import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { FullLayout } from '../components/layout/FullLayout';
import { ScrollToTop } from '../components/layout/ScrollToTop';
import { MessageSnackbar, type MessageSeverity } from '../components/feedback/MessageSnackbar';
import { CustomizerButton, layoutConfig } from '../theme';
import { selectRoleKind, selectRoleNames, selectUserInfo } from '../features/session/sessionSlice';
import { messageCleared, selectMessages } from '../features/ui/uiSlice';
import { useAppDispatch, useAppSelector } from './hooks';
import { menuIdForPath, screens } from './screens';
import { useSignOut } from './useSignOut';

const severities: MessageSeverity[] = ['error', 'warning', 'success'];

/** The full layout joined to the store: the menu of the user's role, their name, sign-out. */
export function AppLayout() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const user = useAppSelector(selectUserInfo);
  const roleKind = useAppSelector(selectRoleKind);
  const roleNames = useAppSelector(selectRoleNames);
  const messages = useAppSelector(selectMessages);
  const signOut = useSignOut();

  const menu = useMemo(
    () =>
      screens
        .filter((screen) => screen.roles.includes(roleKind))
        .map(({ id, title, path, icon }) => ({ id, title, path, icon })),
    [roleKind],
  );

  return (
    <>
      <ScrollToTop />
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
        topbarActions={<CustomizerButton />}
        overlays={severities.map((severity) => (
          <MessageSnackbar
            key={severity}
            severity={severity}
            message={messages[severity]}
            onClose={() => dispatch(messageCleared(severity))}
          />
        ))}
      />
    </>
  );
}
