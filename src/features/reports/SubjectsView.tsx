// A multiple-choice test's scores by subject (issue 22): for the learners in scope together (mean,
// share right, the strongest and weakest subject marked) and for each learner (the first 200 by
// name), each learner's own strength and weakness named. Questions carry a subject, not a topic,
// so the breakdown is by subject (docs/decisions.md). With random draws (issue 26) learners get
// different questions: a subject's questions and maximum are means per learner, and each learner's
// marks are shown, and weighed, out of their own maximum.
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RecordTable, recordsFrom, type RecordColumn } from '../../components/data/RecordTable';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { queryErrorMessage } from '../../store/api';
import { figure, percent } from './reportChoices';
import { useTestSubjectsQuery } from './reportsEndpoints';
import type { LearnerSubjects, SubjectFigure } from './reportsTypes';

const LEARNERS_SHOWN = 200;
const NO_SUBJECT = 'No subject';

interface SubjectsViewProps {
  documentId: string;
  batchId: string;
  attempt: 'best' | 'last';
}

const nameOf = (figureRow: SubjectFigure) => figureRow.subject?.name ?? NO_SUBJECT;
const share = (score: number | null, max: number) =>
  score === null || max <= 0 ? null : score / max;

/** The names of the best and worst of several shares (none when fewer than two differ). */
function extremes(entries: { name: string; share: number | null }[]) {
  const known = entries.filter((entry) => entry.share !== null) as {
    name: string;
    share: number;
  }[];
  if (known.length < 2) return { best: null, worst: null };
  const sorted = [...known].sort((a, b) => b.share - a.share);
  const best = sorted[0] as { name: string; share: number };
  const worst = sorted[sorted.length - 1] as { name: string; share: number };
  return best.share === worst.share
    ? { best: null, worst: null }
    : { best: best.name, worst: worst.name };
}

export function SubjectsView({ documentId, batchId, attempt }: SubjectsViewProps) {
  const query = useTestSubjectsQuery({ documentId, batchId, attempt });
  const error = queryErrorMessage(query.error, 'The subject-wise figures could not be loaded.');
  if (error) return <LoadError message={error} onRetry={() => void query.refetch()} />;
  const data = query.currentData;
  if (!data) return <Spinner label="Loading the subject-wise figures" />;
  if (data.subjects.length === 0) {
    return (
      <EmptyState title="No questions yet" description="This test has no questions to group." />
    );
  }
  const drawn = data.subjects.some((s) => (s.drawnQuestions ?? 0) > 0);
  const batch = extremes(
    data.subjects.map((s) => ({ name: nameOf(s), share: share(s.mean, s.maxMarks) })),
  );
  // Each learner's strongest and weakest subject, worked out once for both columns.
  const own = new Map(
    data.learners.map((row) => [row.learner.documentId, learnerExtremes(data.subjects, row)]),
  );
  const columns: RecordColumn<LearnerSubjects>[] = [
    { header: 'Learner', cell: (row) => row.learner.name },
    ...data.subjects.map((s, index) => ({
      header: drawn ? nameOf(s) : `${nameOf(s)} (of ${figure(s.maxMarks)})`,
      cell: (row: LearnerSubjects) => {
        const mine = row.subjects[index];
        const score = figure(mine?.score ?? null);
        return drawn && mine ? `${score} of ${figure(mine.maxMarks)}` : score;
      },
    })),
    {
      header: 'Strength',
      cell: (row) => own.get(row.learner.documentId)?.best ?? '—',
    },
    {
      header: 'Weakness',
      cell: (row) => own.get(row.learner.documentId)?.worst ?? '—',
    },
  ];
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="subjects-title" sx={{ mb: 3 }}>
        <Typography id="subjects-title" component="h2" variant="h6" sx={{ p: 2, pb: 0 }}>
          By subject
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          The mean is over every learner counted; “answered right” is the share of the subject’s
          questions answered for marks.
        </Typography>
        {drawn ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
            Some questions were drawn at random, so learners had different questions: a subject’s
            questions and maximum marks are the mean per learner, and each learner’s marks are out
            of their own maximum.
          </Typography>
        ) : null}
        <TableContainer>
          <Table size="small" aria-labelledby="subjects-title">
            <TableHead>
              <TableRow>
                {['Subject', 'Questions', 'Maximum marks', 'Mean', 'Mean %', 'Answered right'].map(
                  (title) => (
                    <TableCell key={title}>{title}</TableCell>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.subjects.map((s) => (
                <TableRow key={s.subject?.documentId ?? 'none'}>
                  <TableCell>
                    {nameOf(s)}{' '}
                    {batch.best === nameOf(s) ? (
                      <Chip size="small" color="success" variant="outlined" label="Strongest" />
                    ) : null}
                    {batch.worst === nameOf(s) ? (
                      <Chip size="small" color="warning" variant="outlined" label="Weakest" />
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {figure(s.questions)}
                    {drawn ? ` (${figure(s.drawnQuestions ?? 0)} drawn)` : ''}
                  </TableCell>
                  <TableCell>{figure(s.maxMarks)}</TableCell>
                  <TableCell>{figure(s.mean)}</TableCell>
                  <TableCell>{percent(share(s.mean, s.maxMarks))}</TableCell>
                  <TableCell>{percent(s.facility)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Each learner by subject
      </Typography>
      {data.learners.length >= LEARNERS_SHOWN ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The first {LEARNERS_SHOWN} learners by name; choose a batch to see others.
        </Typography>
      ) : null}
      <RecordTable
        name="Learners by subject"
        records={recordsFrom(query, { rows: data.learners, total: data.learners.length }, null)}
        columns={columns}
        rowKey={(row) => row.learner.documentId}
        empty={{
          title: 'No results yet',
          description: 'Learners appear here once they complete this test.',
        }}
        className="print-table"
      />
    </>
  );
}

function learnerExtremes(subjects: SubjectFigure[], row: LearnerSubjects) {
  return extremes(
    subjects.map((s, index) => ({
      name: nameOf(s),
      share: share(row.subjects[index]?.score ?? null, row.subjects[index]?.maxMarks ?? s.maxMarks),
    })),
  );
}
