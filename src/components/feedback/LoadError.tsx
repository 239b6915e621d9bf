// A load that failed: its message, and Retry.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export function LoadError({
  message,
  onRetry,
  sx = { mb: 2 },
}: {
  message: string;
  onRetry: () => void;
  /** Where it stands: below it a margin by default; none inside a spaced Stack. */
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
