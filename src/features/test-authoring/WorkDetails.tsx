// The top of a test's or an assignment's page: its description, its details as labelled values
// and its attachments.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FileList } from '../media';
import { categoryChain, durationText } from './testLabels';
import type { WorkListed, WorkRelated } from './testTypes';

/** One labelled value of the details (a `dt` and its `dd`). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface WorkDetailsProps {
  /** The details list's accessible name ("Test details"). */
  label: string;
  record: WorkListed & WorkRelated;
  description?: string | null;
  duration?: number | null;
  /** The fields after the duration (a test's validity, an assignment's submission date). */
  afterDuration: ReactNode;
  /** The fields after the maximum marks (a test's pass mark, whether it was attempted). */
  afterMarks: ReactNode;
  /** Shown under the grid, before the attachments (a test's instructions). */
  below?: ReactNode;
}

/** The description, the shared fields with the record's own among them, and the attachments. */
export function WorkDetails(props: WorkDetailsProps) {
  const { label, record, description, duration, afterDuration, afterMarks, below } = props;
  const attachments = record.Attachments;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      {description ? (
        <Typography variant="body1" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {description}
        </Typography>
      ) : null}
      <Box
        component="dl"
        aria-label={label}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          m: 0,
        }}
      >
        <DetailField label="Category">{categoryChain(record)}</DetailField>
        <DetailField label="Course">{record.course?.course_name ?? '—'}</DetailField>
        <DetailField label="Duration">{durationText(duration)}</DetailField>
        {afterDuration}
        <DetailField label="Maximum marks">{record.MaximumMarks ?? '—'}</DetailField>
        {afterMarks}
        <DetailField label="Language">{record.test_language?.LanguageName ?? '—'}</DetailField>
        <DetailField label="Batch">{record.batch?.Batch ?? '—'}</DetailField>
        <DetailField label="Subjects">
          {record.subjects?.map((item) => item.SubjectName).join(', ') || '—'}
        </DetailField>
        <DetailField label="Faculties">
          {record.faculties?.map((item) => item.FacultyName).join(', ') || '—'}
        </DetailField>
        <DetailField label="Learners">{record.students?.length ?? 0}</DetailField>
      </Box>
      {below ? <Box sx={{ mt: 2 }}>{below}</Box> : null}
      {attachments && attachments.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            Attachments
          </Typography>
          <FileList files={attachments} />
        </Box>
      ) : null}
    </Paper>
  );
}
