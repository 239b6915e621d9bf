// The learner's screens of Mains work: their assignments, the Mains tests section of the test
// corner and their results (both kinds).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/layout/PageContainer';
import { MyWorkList } from './MyWorkList';

export function LearnerAssignmentList() {
  return (
    <PageContainer title="Assignments">
      <MyWorkList
        kind="assignment"
        label="Your assignments"
        emptyText="No assignments for you yet"
      />
    </PageContainer>
  );
}

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
