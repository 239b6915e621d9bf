// /reports for a learner: their Mains results of both kinds, with marks once published.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/layout/PageContainer';
import { MyWorkList } from './MyWorkList';

/** /reports for a learner: their Mains results of both kinds. */
export function MyResultsPage() {
  return (
    <PageContainer title="My results">
      <Box component="section" aria-labelledby="my-tests-title" sx={{ mb: 4 }}>
        <Typography id="my-tests-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Mains tests
        </Typography>
        <MyWorkList kind="test" label="Your Mains test results" emptyText="No Mains tests yet" />
      </Box>
      <Box component="section" aria-labelledby="my-assignments-title">
        <Typography id="my-assignments-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Assignments
        </Typography>
        <MyWorkList
          kind="assignment"
          label="Your assignment results"
          emptyText="No assignments yet"
        />
      </Box>
    </PageContainer>
  );
}
