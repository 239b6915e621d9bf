// One notification's words, as the bell's menu and the page show them: an unread dot and
// "Unread" for screen readers, the message (plain text, never HTML) and when it was written.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/dates';
import type { Notification } from './notificationTypes';
import { visuallyHidden } from '../../theme/visuallyHidden';

export function NotificationText({ notification }: { notification: Notification }) {
  const { read, message, createdAt } = notification;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          mt: 0.9,
          width: 8,
          height: 8,
          flex: '0 0 8px',
          borderRadius: '50%',
          bgcolor: read ? 'transparent' : 'primary.main',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        {read ? null : (
          <Box component="span" sx={visuallyHidden}>
            Unread:{' '}
          </Box>
        )}
        <Typography
          component="span"
          variant="body2"
          sx={{ display: 'block', whiteSpace: 'normal', fontWeight: read ? 400 : 600 }}
        >
          {message}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary">
          {formatDateTime(createdAt)}
        </Typography>
      </Box>
    </Box>
  );
}
