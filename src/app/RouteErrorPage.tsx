import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router-dom';

/** What a person sees when a screen fails to load or crashes, instead of a white page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|preload|Loading chunk/i.test(error.message);
  return (
    <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        {chunkFailed
          ? 'This screen could not be loaded. Check your connection and reload the page.'
          : 'Something went wrong on this screen. Reload the page to try again.'}
      </Alert>
    </Box>
  );
}
