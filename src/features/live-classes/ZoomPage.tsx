import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/feedback/EmptyState';

/** /zoom/:encodedUrl: the live-class room, shown without the portal's layout. */
export function ZoomPage() {
  const { encodedUrl = '' } = useParams();
  let meeting = '';
  try {
    meeting = decodeURIComponent(encodedUrl);
  } catch {
    meeting = '';
  }
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <EmptyState
        title="Live class"
        description={
          meeting
            ? `The meeting room for this class (${meeting}) opens here when live classes are enabled.`
            : 'This live-class link is not valid.'
        }
        action={
          <Button component={RouterLink} to="/course" variant="contained">
            Back to courses
          </Button>
        }
      />
    </Box>
  );
}
