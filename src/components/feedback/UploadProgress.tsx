// One running upload: its file name, a bar with the percent, and Cancel when it can be stopped.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface UploadProgressProps {
  name: string;
  percent: number;
  onCancel?: () => void;
}

/** One running upload: its name, a bar with the percent, and a Cancel button. */
export function UploadProgress({ name, percent, onCancel }: UploadProgressProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          Uploading {name}… {percent}%
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-label={`Uploading ${name}`} />
      </Box>
      {onCancel ? (
        <Button size="small" onClick={onCancel} aria-label={`Cancel uploading ${name}`}>
          Cancel
        </Button>
      ) : null}
    </Box>
  );
}
