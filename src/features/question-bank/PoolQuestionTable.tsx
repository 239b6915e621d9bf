// One page of pool questions with a checkbox each; the selection may span pages. Issue 26: each
// row shows its topic, difficulty, tags, how often tests use it and its facility (share of right
// answers in ended attempts). The table scrolls sideways on a phone.
import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { POOL_PAGE_SIZE } from './questionsUrls';
import { DIFFICULTY_LABELS, type Question } from './questionTypes';
import { PageControls } from '../../components/data/PageControls';
import { plainText } from '../../components/content/plainText';

interface PoolQuestionTableProps {
  label: string;
  questions: readonly Question[];
  selected: ReadonlySet<string>;
  onToggle: (documentId: string) => void;
  total: number;
  page: number;
  onPage: (page: number) => void;
  actions?: (question: Question) => ReactNode;
}

/** A long question is cut for the checkbox's name and the table cell. */
export function shortText(text: string, max = 80): string {
  const flat = plainText(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function points(question: Question): string {
  const good = question.points_correct_answer;
  const bad = question.points_incorrect_answer;
  if (good === null || good === undefined) return '—';
  return `+${good} / ${bad ?? 0}`;
}

/** "62 % of 40", or a dash with no answers yet. */
export function facilityText(question: Question): string {
  const figure = question.facility;
  if (!figure || figure.facility === null) return '—';
  return `${Math.round(figure.facility * 100)} % of ${figure.answers}`;
}

function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <>—</>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {tags.map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

export function PoolQuestionTable(props: PoolQuestionTableProps) {
  const { label, questions, selected, onToggle, total, page, onPage, actions } = props;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label={label} size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Question</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Subject / topic</TableCell>
              <TableCell>Difficulty</TableCell>
              <TableCell>Tags</TableCell>
              <TableCell>Facility</TableCell>
              <TableCell>Used in</TableCell>
              <TableCell>Answer</TableCell>
              <TableCell>Points</TableCell>
              {actions ? <TableCell align="right">Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {questions.map((question) => {
              const name = shortText(question.question);
              return (
                <TableRow
                  key={question.documentId}
                  hover
                  selected={selected.has(question.documentId)}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(question.documentId)}
                      onChange={() => onToggle(question.documentId)}
                      slotProps={{ input: { 'aria-label': `Select question: ${name}` } }}
                    />
                  </TableCell>
                  <TableCell>{name}</TableCell>
                  <TableCell>{question.question_type ?? '—'}</TableCell>
                  <TableCell>
                    {question.subject?.SubjectName ?? '—'}
                    {question.topic ? ` / ${question.topic.topic_name}` : ''}
                  </TableCell>
                  <TableCell>
                    {question.difficulty ? DIFFICULTY_LABELS[question.difficulty] : '—'}
                  </TableCell>
                  <TableCell>
                    <Tags tags={question.tags ?? []} />
                  </TableCell>
                  <TableCell>{facilityText(question)}</TableCell>
                  <TableCell>{question.usedIn ?? 0}</TableCell>
                  <TableCell>{question.correct_answer?.toUpperCase() ?? '—'}</TableCell>
                  <TableCell>{points(question)}</TableCell>
                  {actions ? <TableCell align="right">{actions(question)}</TableCell> : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <PageControls total={total} page={page} pageSize={POOL_PAGE_SIZE} onPage={onPage} />
    </Paper>
  );
}
