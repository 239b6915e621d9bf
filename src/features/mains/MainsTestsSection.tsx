import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MyWorkList } from './MyWorkList';

/** The Test Corner's "Mains tests" section. */
export function MainsTestsSection() {
  return (
    <Box component="section" aria-labelledby="mains-tests-title" sx={{ mt: 4 }}>
      <Typography id="mains-tests-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Mains tests
      </Typography>
      <MyWorkList kind="test" label="Your Mains tests" emptyText="No Mains tests for you yet" />
    </Box>
  );
}
