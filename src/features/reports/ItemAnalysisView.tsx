// The item analysis of a multiple-choice test: per question its facility, discrimination,
// point-biserial, option counts (overall, top and bottom groups), blanks and flags, each figure
// with its plain-language note (the API's `notes`); a flagged question links to the test's page,
// where its questions are edited.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/content/RichText';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { testPaths } from '../../lib/paths';
import { queryErrorMessage } from '../../store/api';
import { figure, percent } from './reportChoices';
import { useTestDataQuery } from './reportsEndpoints';
import type { Item, ItemFlag } from './reportsTypes';

const flagText: Record<ItemFlag, string> = {
  'negative-discrimination': 'Negative discrimination',
  'too-hard': 'Too hard',
  'too-easy': 'Too easy',
  'unused-distractor': 'Unused distractor',
};

interface ItemAnalysisViewProps {
  documentId: string;
  batchId: string;
  attempt: 'best' | 'last';
}

export function ItemAnalysisView({ documentId, batchId, attempt }: ItemAnalysisViewProps) {
  const data = useTestDataQuery({ documentId, batchId, attempt });
  const error = queryErrorMessage(data.error, 'The item analysis could not be loaded.');
  if (error) return <LoadError message={error} onRetry={() => void data.refetch()} />;
  const current = data.currentData;
  if (!current) return <Spinner label="Loading the item analysis" />;
  if (current.items.length === 0 || current.groups.learners === 0) {
    return (
      <EmptyState
        title="Nothing to analyse yet"
        description="The item analysis appears once learners complete this test."
      />
    );
  }
  const notes = current.notes.items;
  const head = (key: string, title: string) => (
    <TableCell key={key}>
      <Tooltip title={notes[key] ?? ''} describeChild>
        <span>{title}</span>
      </Tooltip>
    </TableCell>
  );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {current.groups.learners} learners; top and bottom groups of {current.groups.groupSize}.
      </Typography>
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label="Item analysis" size="small" sx={{ minWidth: 960 }}>
            <TableHead>
              <TableRow>
                <TableCell>Question</TableCell>
                {head('facility', 'Facility')}
                {head('discrimination', 'Discrimination')}
                {head('pointBiserial', 'Point-biserial')}
                {head('options', 'Options (all · top · bottom)')}
                {head('blank', 'Blank')}
                {head('markedImportant', 'Marked important')}
                {head('flags', 'Flags')}
              </TableRow>
            </TableHead>
            <TableBody>
              {current.items.map((item) => (
                <ItemRow key={item.questionDocumentId} item={item} testId={documentId} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

function ItemRow({ item, testId }: { item: Item; testId: string }) {
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 280 }}>
        <Typography variant="body2">
          {item.number}. <RichText inline text={item.question} />
        </Typography>
        {item.subject ? (
          <Typography variant="caption" color="text.secondary">
            {item.subject.name}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{percent(item.facility)}</TableCell>
      <TableCell>{figure(item.discrimination, 3)}</TableCell>
      <TableCell>{figure(item.pointBiserial, 3)}</TableCell>
      <TableCell>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {item.options.map((option) => (
            <li key={option.option}>
              {option.option}
              {option.correct ? ' (correct)' : ''}: {option.count} · {option.top} · {option.bottom}
            </li>
          ))}
        </Box>
      </TableCell>
      <TableCell>{item.blank}</TableCell>
      <TableCell>{item.markedImportant}</TableCell>
      <TableCell>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {item.flags.map((flag) => (
            <Chip key={flag} size="small" color="warning" label={flagText[flag]} />
          ))}
          {item.flags.length > 0 ? (
            <Link
              component={RouterLink}
              to={testPaths.detail(testId)}
              aria-label={`Edit question ${item.number}`}
            >
              Edit question
            </Link>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
