// The bell in the top bar (issue 20): the unread count, and a menu with the newest 5, each
// linking to what it is about (and marked read on the way), "Mark all as read" and "View all".
// The count follows the server's event stream; when the stream fails the top 5 are polled
// every minute. While a test runs on the exam page neither happens (docs/decisions.md).
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { api, queryErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsTestStarted } from '../../store/uiSlice';
import { selectUserInfo } from '../../session/sessionSlice';
import { isExamPath, paths } from '../../lib/paths';
import {
  TOP_NOTIFICATIONS_FAILED,
  USER_INFO_MISSING,
  useMarkReadMutation,
  useReadAllMutation,
  useTopNotificationsQuery,
} from './notificationsEndpoints';
import { safeLink } from './notificationsUrls';
import { NotificationText } from './NotificationText';
import type { Notification, NotificationCounts } from './notificationTypes';
import { useNotificationStream } from './useNotificationStream';

/** How often the top 5 are read again when the event stream is not available. */
export const NOTIFICATION_POLL_MS = 60_000;

/** The badge shows "99+" above this. */
const BADGE_MAX = 99;

/**
 * The bell's accessible name: "Notifications", or "Notifications, 3 unread". Above 99 it says
 * "99+" as the badge shows: a name must contain the visible text (axe label-content-name-mismatch).
 */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread`;
}

export function NotificationBell() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const userId = useAppSelector(selectUserInfo)?.id ?? null;
  const paused = useAppSelector(selectIsTestStarted) && isExamPath(pathname);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const known = useRef<NotificationCounts | null>(null);
  const stream = useNotificationStream({
    userId,
    paused,
    onCounts: (counts) => {
      const now = known.current;
      if (now && now.unread === counts.unread && now.total === counts.total) return;
      dispatch(api.util.invalidateTags([{ type: 'Notification', id: 'LIST' }]));
    },
  });
  const top = useTopNotificationsQuery(userId === null || paused ? skipToken : { userId }, {
    pollingInterval: stream === 'failed' ? NOTIFICATION_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const counts = top.data?.meta ?? null;
  useEffect(() => {
    known.current = counts;
  }, [counts]);

  const [markRead] = useMarkReadMutation();
  const [readAll, readingAll] = useReadAllMutation();
  const unread = counts?.unread ?? 0;
  const items = top.data?.data ?? [];
  const close = () => setAnchor(null);
  const open = (item: Notification) => {
    close();
    if (!item.read) void markRead(item.documentId);
  };
  const error =
    userId === null
      ? USER_INFO_MISSING
      : queryErrorMessage(top.error ?? readingAll.error, TOP_NOTIFICATIONS_FAILED);

  return (
    <>
      <IconButton
        aria-label={bellLabel(unread)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* No badge text at 0: a hidden "0" would be visible text missing from the name. */}
        <Badge badgeContent={unread > 0 ? unread : null} color="error" max={BADGE_MAX}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{
          list: { 'aria-label': 'Newest notifications', dense: true },
          paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)' } },
        }}
      >
        <Box
          sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            Notifications
          </Typography>
          <Button
            size="small"
            disabled={userId === null || unread === 0 || readingAll.isLoading}
            onClick={() => userId !== null && void readAll(userId)}
          >
            Mark all as read
          </Button>
        </Box>
        <Divider />
        {error ? (
          <Alert severity="error" sx={{ mx: 2, my: 1 }}>
            {error}
          </Alert>
        ) : null}
        {top.isLoading ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label="Loading notifications" />
          </Box>
        ) : null}
        {top.isSuccess && items.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
            No notifications yet
          </Typography>
        ) : null}
        {items.map((item) => {
          const link = safeLink(item.link);
          const text = <NotificationText notification={item} />;
          const sx = { bgcolor: item.read ? undefined : 'action.hover', py: 1 };
          return link ? (
            <MenuItem
              key={item.documentId}
              component={RouterLink}
              to={link}
              data-unread={!item.read}
              sx={sx}
              onClick={() => open(item)}
            >
              {text}
            </MenuItem>
          ) : (
            <MenuItem
              key={item.documentId}
              data-unread={!item.read}
              sx={sx}
              onClick={() => open(item)}
            >
              {text}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to={paths.notifications} onClick={close}>
          View all
        </MenuItem>
      </Menu>
    </>
  );
}
