import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 480 }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={paths.root} variant="contained">
        Go to the home page
      </Button>
    </Box>
  );
}
