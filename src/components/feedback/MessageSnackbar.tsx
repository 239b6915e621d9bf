import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export type MessageSeverity = 'success' | 'error' | 'warning';

interface MessageSnackbarProps {
  severity: MessageSeverity;
  message: string | null;
  onClose: () => void;
}

/** One global message; errors stay until closed, the others fade after a few seconds. */
export function MessageSnackbar({ severity, message, onClose }: MessageSnackbarProps) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={severity === 'error' ? null : 6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={severity} onClose={onClose} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
