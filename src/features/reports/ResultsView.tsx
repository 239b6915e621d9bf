// /reports (staff): the results of one Mains test or assignment, learner by learner: status,
// marks, answer documents, a link to evaluate the script, and publishing. The choice of kind,
// work, batch and subject lives in the URL (?kind=&work=&batch=&subject=), so other pages link here.
import { useEffect, useMemo, useState } from 'react';
import { useSelection } from '../../components/data/useSelection';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectRoleKind } from '../../session/sessionSlice';
import { MarkingProgress } from './MarkingProgress';
import { AdminMarking } from './AdminMarking';
import { preloadPdfViewer } from './annotate';
import { mainsPaths } from '../../lib/paths';
import { PageControls } from '../../components/data/PageControls';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import { optionsOf } from '../../store/queryState';
import { BatchFilter } from './BatchFilter';
import {
  RESULTS_PAGE_SIZE,
  usePublishResultsMutation,
  useResultsQuery,
  useWorksQuery,
  type ResultsAnswer,
  marksText,
  statusColour,
  statusText,
} from '../mains';
import type { ResultRow, WorkKind } from '../mains';
import { selectionChanged } from '../../store/uiSlice';
import { kindChoices } from './reportChoices';
import { withParams } from '../../lib/searchParams';

interface PublishMessage {
  severity: 'success' | 'warning' | 'error';
  text: string;
  refused: { name: string; reason: string }[];
  /** Issue 27: the server asks to confirm publishing past moderation flags. */
  confirmFlags?: boolean;
}

export function ResultsView() {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRoleKind);
  const [params, setParams] = useSearchParams();
  const kind: WorkKind = params.get('kind') === 'assignment' ? 'assignment' : 'test';
  const work = params.get('work') ?? '';
  const batch = params.get('batch') ?? '';
  const subject = params.get('subject') ?? '';
  const queryKey = `${kind}|${work}|${batch}|${subject}`;
  // Issue 27: staff open scripts from here; PDF.js and its worker start while they choose one.
  useEffect(() => {
    if (role !== 'student' && work) void preloadPdfViewer().catch(() => undefined);
  }, [role, work]);

  const [paging, setPaging] = useState({ key: queryKey, page: 1 });
  const page = paging.key === queryKey ? paging.page : 1;
  const { selected, setSelected, toggle } = useSelection();
  const [publishing, setPublishing] = useState(false);
  const [message, setMessage] = useState<PublishMessage | null>(null);

  const works = optionsOf(useWorksQuery(kind));
  const [publishResults] = usePublishResultsMutation();

  const change = (changes: Record<string, string>) => {
    setParams((previous) => withParams(previous, changes), { replace: true });
    setSelected(new Set());
    setMessage(null);
  };

  const results = useResultsQuery(
    { kind, documentId: work, batchId: batch || null, subjectId: subject || null, page },
    { skip: !work },
  );
  const status = results.isFetching ? 'loading' : results.isError ? 'failed' : 'succeeded';
  const error = queryErrorMessage(results.error, 'The results could not be loaded.');
  // While another page loads the last page of the same choice stays; another choice clears it.
  const [last, setLast] = useState<{ key: string; answer: ResultsAnswer } | null>(null);
  if (results.currentData && last?.answer !== results.currentData) {
    setLast({ key: queryKey, answer: results.currentData });
  }
  const current = results.currentData ?? (last?.key === queryKey ? last.answer : null);
  const rows = useMemo(() => current?.rows ?? [], [current]);
  const chosenWork = works.items.find((item) => item.documentId === work);
  const subjects = chosenWork?.subjects ?? current?.work.subjects ?? [];
  const nameOfResult = new Map(
    rows.flatMap((row) => (row.result ? [[row.result.documentId, row.student.name]] : [])),
  );
  const selectable = rows.filter((row) => row.result).map((row) => row.result?.documentId ?? '');
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));

  const publish = async (isPublished: boolean, confirmFlags = false) => {
    const ids = [...selected];
    if (ids.length === 0) return;
    setPublishing(true);
    setMessage(null);
    const verb = isPublished ? 'published' : 'unpublished';
    try {
      const report = await publishResults({ resultIds: ids, isPublished, confirmFlags }).unwrap();
      setMessage({
        severity: report.refused.length > 0 ? 'warning' : 'success',
        text: `${report.updated.length} result(s) ${verb}.`,
        refused: report.refused.map((item) => ({
          name: nameOfResult.get(item.resultId) ?? item.resultId,
          reason: item.missing?.length
            ? `${item.reason} (missing: ${item.missing.join(', ')})`
            : item.reason,
        })),
      });
      setSelected(new Set());
    } catch (failure) {
      const text = errorMessage(failure);
      setMessage({ severity: 'error', text, refused: [], confirmFlags: /confirmFlags/.test(text) });
    } finally {
      setPublishing(false);
    }
  };

  return (
    <PageContainer title="Reports">
      <Box
        role="group"
        aria-label="Choose the results"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 2fr 1fr 1fr' },
        }}
      >
        <SelectInput
          label="Kind"
          value={kind}
          onChange={(value) => change({ kind: value, work: '', subject: '' })}
          choices={kindChoices}
        />
        <SelectInput
          label="Work"
          value={work}
          onChange={(value) => change({ work: value, subject: '' })}
          emptyLabel={works.status === 'loading' ? 'Loading…' : 'Choose a work'}
          choices={[
            ...works.items.map((item) => ({
              value: item.documentId,
              label: [item.name, item.courseName, item.batchName].filter(Boolean).join(' · '),
            })),
            // A work opened by a link stays chosen while the list loads (or when not listed).
            ...(work && !chosenWork ? [{ value: work, label: current?.work.name ?? work }] : []),
          ]}
        />
        <BatchFilter value={batch} onChange={(value) => change({ batch: value })} />
        <SelectInput
          label="Subject"
          value={subject}
          onChange={(value) => change({ subject: value })}
          emptyLabel="All subjects"
          disabled={!work}
          choices={choicesOf(subjects, (item) => item.name)}
        />
      </Box>
      {works.error ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The works could not be loaded: {works.error}
        </Alert>
      ) : null}
      {!work ? (
        <EmptyState
          title="Choose a test or an assignment"
          description="Its learners, their status and marks appear here."
        />
      ) : null}
      {work ? (
        <MarkingProgress
          key={`${kind}-${work}`}
          kind={kind}
          documentId={work}
          isFaculty={role === 'faculty'}
        />
      ) : null}
      {work && role === 'admin' ? <AdminMarking kind={kind} documentId={work} /> : null}
      {work && error ? <LoadError message={error} onRetry={() => void results.refetch()} /> : null}
      {message ? (
        <Alert
          severity={message.severity}
          sx={{ mb: 2 }}
          role="status"
          onClose={() => setMessage(null)}
        >
          <Typography component="p">{message.text}</Typography>
          {message.confirmFlags ? (
            <Button color="inherit" variant="outlined" onClick={() => void publish(true, true)}>
              Publish anyway
            </Button>
          ) : null}
          {message.refused.length > 0 ? (
            <>
              <Typography component="p">Refused:</Typography>
              <Box component="ul" aria-label="Refused results" sx={{ m: 0, pl: 2.5 }}>
                {message.refused.map((item) => (
                  <li key={`${item.name}-${item.reason}`}>
                    {item.name}: {item.reason}
                  </li>
                ))}
              </Box>
            </>
          ) : null}
        </Alert>
      ) : null}
      {work && status === 'loading' && !current ? <Spinner label="Loading results" /> : null}
      {work && current && rows.length === 0 ? (
        <EmptyState title="No learners for this work" />
      ) : null}
      {work && current && rows.length > 0 ? (
        <Paper variant="outlined" aria-busy={status === 'loading'}>
          {status === 'loading' ? <LinearProgress aria-label="Loading results" /> : null}
          <Stack
            direction="row"
            spacing={1}
            sx={{ p: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
              {current.work.name}
              {current.work.maximumMarks !== null
                ? ` · maximum marks ${marksText(current.work.maximumMarks)}`
                : ''}
            </Typography>
            <Button
              variant="contained"
              disabled={selected.size === 0 || publishing}
              onClick={() => void publish(true)}
            >
              Publish selected
            </Button>
            <Button
              variant="outlined"
              disabled={selected.size === 0 || publishing}
              onClick={() => void publish(false)}
            >
              Unpublish selected
            </Button>
          </Stack>
          <TableContainer>
            <Table aria-label="Results" size="small">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      disabled={selectable.length === 0}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(selectable))}
                      slotProps={{ input: { 'aria-label': 'Select every result on this page' } }}
                    />
                  </TableCell>
                  <TableCell>Learner</TableCell>
                  <TableCell>Batches</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Marks</TableCell>
                  <TableCell align="right">Documents</TableCell>
                  <TableCell align="right">Script</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <ResultTableRow
                    key={row.student.documentId}
                    row={row}
                    selected={row.result ? selected.has(row.result.documentId) : false}
                    onToggle={toggle}
                    onOpen={(resultId) =>
                      dispatch(selectionChanged({ key: 'result', id: resultId }))
                    }
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls
            total={current.pagination?.total ?? rows.length}
            page={page}
            pageSize={RESULTS_PAGE_SIZE}
            onPage={(next) => setPaging({ key: queryKey, page: next })}
          />
        </Paper>
      ) : null}
    </PageContainer>
  );
}

function ResultTableRow({
  row,
  selected,
  onToggle,
  onOpen,
}: {
  row: ResultRow;
  selected: boolean;
  onToggle: (resultId: string) => void;
  onOpen: (resultId: string) => void;
}) {
  const result = row.result;
  const name = row.student.name;
  return (
    <TableRow hover>
      <TableCell padding="checkbox">
        {result ? (
          <Checkbox
            checked={selected}
            onChange={() => onToggle(result.documentId)}
            slotProps={{ input: { 'aria-label': `Select ${name}` } }}
          />
        ) : null}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{name}</Typography>
        {row.student.email ? (
          <Typography variant="caption" color="text.secondary">
            {row.student.email}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{row.student.batchNames.join(', ') || '—'}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={statusColour(row.status)}
          label={statusText(row.status, row.pendingSubjects)}
        />
      </TableCell>
      <TableCell align="right">{marksText(result?.total_marks)}</TableCell>
      <TableCell align="right">{row.documentCount}</TableCell>
      <TableCell align="right">
        {result ? (
          <Link
            component={RouterLink}
            to={mainsPaths.script(result.documentId)}
            onClick={() => onOpen(result.documentId)}
            aria-label={`Evaluate ${name}`}
          >
            Evaluate
          </Link>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}
