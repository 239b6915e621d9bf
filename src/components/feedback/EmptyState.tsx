import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

/** A clear "nothing here yet" panel, so no screen is ever a blank page. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: 8,
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 1,
      }}
    >
      <Box sx={{ color: 'text.secondary', mb: 1 }} aria-hidden>
        {icon ?? <InboxOutlined fontSize="large" />}
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {description ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}
        >
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Box>
  );
}
