// /notifications for every role (issue 20; spec §2): the user's notifications, newest first,
// paged on the server, unread ones highlighted; All / Unread; mark one read, or all. A list of
// cards, not a table, so it reads on a phone.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PagedList } from '../../components/data/PagedList';
import { PageContainer } from '../../components/layout/PageContainer';
import { queryErrorMessage } from '../../store/api';
import { useAppSelector } from '../../store/hooks';
import { selectUserInfo } from '../../session/sessionSlice';
import {
  USER_INFO_MISSING,
  useMarkReadMutation,
  useNotificationsPageQuery,
  useReadAllMutation,
} from './notificationsEndpoints';
import { NOTIFICATIONS_PAGE_SIZE, safeLink } from './notificationsUrls';
import { NotificationText } from './NotificationText';
import type { Notification, NotificationFilter } from './notificationTypes';

const LOAD_FAILED = 'Your notifications could not be loaded.';

function NotificationRow({ item }: { item: Notification }) {
  const [markRead, marking] = useMarkReadMutation();
  const link = safeLink(item.link);
  const read = () => {
    if (!item.read) void markRead(item.documentId);
  };
  return (
    <ListItem
      divider
      data-unread={!item.read}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        py: 1.5,
        bgcolor: item.read ? undefined : 'action.hover',
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <NotificationText notification={item} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {link ? (
          <Button size="small" component={RouterLink} to={link} onClick={read}>
            Open
          </Button>
        ) : null}
        {item.read ? null : (
          <Button
            size="small"
            disabled={marking.isLoading}
            onClick={read}
            aria-label={`Mark as read: ${item.message}`}
          >
            Mark as read
          </Button>
        )}
      </Box>
      {marking.error ? (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {queryErrorMessage(marking.error)}
        </Alert>
      ) : null}
    </ListItem>
  );
}

export function NotificationsPage() {
  const userId = useAppSelector(selectUserInfo)?.id ?? null;
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const query = useNotificationsPageQuery({ page, filter });
  const [readAll, readingAll] = useReadAllMutation();
  const readAllError = userId === null ? USER_INFO_MISSING : queryErrorMessage(readingAll.error);

  return (
    <PageContainer title="Notifications">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Show"
          value={filter}
          onChange={(_event, value: NotificationFilter | null) => {
            if (value === null) return;
            setFilter(value);
            setPage(1);
          }}
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="unread">Unread</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          disabled={userId === null || readingAll.isLoading}
          onClick={() => userId !== null && void readAll(userId)}
        >
          {readingAll.isLoading ? 'Marking…' : 'Mark all as read'}
        </Button>
      </Box>
      {readAllError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {readAllError}
        </Alert>
      ) : null}
      <PagedList
        query={query}
        errorText={LOAD_FAILED}
        label="Your notifications"
        loadingLabel="Loading your notifications"
        keyOf={(item) => item.documentId}
        renderItem={(item) => <NotificationRow item={item} />}
        emptyText={filter === 'unread' ? 'No unread notifications' : 'No notifications yet'}
        page={page}
        pageSize={NOTIFICATIONS_PAGE_SIZE}
        onPage={setPage}
      />
    </PageContainer>
  );
}
