// Allocation of a Mains work's scripts (issue 27), an administrator's dialog on the work's results:
// per subject, evenly over its faculty members, a batch's scripts to one of them, or chosen
// scripts to one of them; a moderator for a share of the scripts; "Clear allocation" un-allocates
// the subject's scripts not yet started (or the chosen ones), after a confirmation. The server
// decides what may move (a script being marked keeps its faculty member) and says why when it
// refuses.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import { useAllocateMutation, useAllocationsQuery, useModerateMutation } from '../mains';
import type { AllocationMode, WorkKind } from '../mains';
import { BatchFilter } from './BatchFilter';

const MODES: Array<{ value: AllocationMode; label: string }> = [
  { value: 'even', label: 'Evenly over the faculty (unallocated scripts)' },
  { value: 'batch', label: 'A batch’s scripts to one faculty member' },
  { value: 'manual', label: 'Chosen scripts to one faculty member' },
];

const STATE_TEXT = { waiting: 'Waiting', 'in-progress': 'In progress', done: 'Done' } as const;

export function AllocationDialog({
  kind,
  documentId,
  onClose,
}: {
  kind: WorkKind;
  documentId: string;
  onClose: () => void;
}) {
  const loaded = useAllocationsQuery({ kind, documentId });
  const [allocate, allocating] = useAllocateMutation();
  const [moderate, moderating] = useModerateMutation();
  const [subjectId, setSubjectId] = useState('');
  const [mode, setMode] = useState<AllocationMode>('even');
  const [facultyId, setFacultyId] = useState('');
  const [batchId, setBatchId] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [percent, setPercent] = useState('10');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const data = loaded.currentData;
  const subject =
    data?.subjects.find((s) => s.subject.documentId === subjectId) ?? data?.subjects[0] ?? null;
  const busy = allocating.isLoading || moderating.isLoading;

  const run = async (action: () => Promise<string>) => {
    setMessage(null);
    try {
      setMessage({ ok: true, text: await action() });
      setChosen(new Set());
    } catch (failure) {
      setMessage({ ok: false, text: errorMessage(failure) });
    }
  };

  const submit = () =>
    run(async () => {
      if (!subject) return 'Choose a subject.';
      const answer = await allocate({
        kind,
        documentId,
        subjectId: subject.subject.documentId,
        mode,
        ...(facultyId ? { facultyIds: [facultyId] } : {}),
        ...(mode === 'batch' ? { batchId } : {}),
        ...(mode === 'manual' ? { resultIds: [...chosen] } : {}),
      }).unwrap();
      return `${answer.allocated ?? 0} script(s) allocated in ${subject.subject.name}.`;
    });

  // In "chosen scripts" mode with scripts ticked, only those; otherwise every waiting script.
  const clearChosen = mode === 'manual' && chosen.size > 0;
  const clear = () =>
    run(async () => {
      setConfirmClear(false);
      if (!subject) return 'Choose a subject.';
      const answer = await allocate({
        kind,
        documentId,
        subjectId: subject.subject.documentId,
        mode: 'clear',
        ...(clearChosen ? { resultIds: [...chosen] } : {}),
      }).unwrap();
      return `${answer.cleared ?? 0} script(s) of ${subject.subject.name} un-allocated.`;
    });

  const addModerators = () =>
    run(async () => {
      if (!subject) return 'Choose a subject.';
      const answer = await moderate({
        kind,
        documentId,
        subjectId: subject.subject.documentId,
        percent: Number(percent),
      }).unwrap();
      return `${answer.moderated ?? 0} script(s) get a second marker.`;
    });

  const toggle = (resultId: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(resultId)) next.delete(resultId);
      else next.add(resultId);
      return next;
    });

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>Allocate scripts{data ? ` · ${data.work.name}` : ''}</DialogTitle>
      <DialogContent dividers>
        {loaded.error ? (
          <Alert severity="error">
            {queryErrorMessage(loaded.error, 'The allocation could not be loaded.')}
          </Alert>
        ) : null}
        {message ? (
          <Alert severity={message.ok ? 'success' : 'error'} role="status" sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        ) : null}
        {confirmClear && subject ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <>
                <Button color="inherit" size="small" onClick={() => setConfirmClear(false)}>
                  Cancel
                </Button>
                <Button color="inherit" size="small" onClick={() => void clear()}>
                  Un-allocate
                </Button>
              </>
            }
          >
            {clearChosen
              ? `Un-allocate the ${chosen.size} chosen script(s) of ${subject.subject.name}?`
              : `Un-allocate every script of ${subject.subject.name} not yet started?`}{' '}
            Scripts being marked keep their faculty member. While any script of the subject is
            allocated, an un-allocated one is marked by nobody until it is allocated again.
          </Alert>
        ) : null}
        {subject ? (
          <>
            <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              <SelectInput
                label="Subject"
                value={subject.subject.documentId}
                onChange={(value) => {
                  setSubjectId(value);
                  setChosen(new Set());
                }}
                choices={(data?.subjects ?? []).map((s) => ({
                  value: s.subject.documentId,
                  label: s.subject.name,
                }))}
              />
              <SelectInput
                label="How"
                value={mode}
                onChange={(value) => setMode(value as AllocationMode)}
                choices={MODES}
              />
              <SelectInput
                label="Faculty member"
                value={facultyId}
                onChange={setFacultyId}
                emptyLabel={mode === 'even' ? 'Every faculty member of the subject' : 'Choose'}
                choices={subject.faculty.map((f) => ({
                  value: f.documentId,
                  label: `${f.name} (${f.scripts} scripts)`,
                }))}
              />
              {mode === 'batch' ? <BatchFilter value={batchId} onChange={setBatchId} /> : null}
            </Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {subject.allocated
                ? 'Faculty members now open and mark only the scripts allocated to them.'
                : 'Not allocated: every faculty member of the subject marks the learners of their batches.'}
            </Typography>
            <Table size="small" aria-label={`Scripts of ${subject.subject.name}`}>
              <TableHead>
                <TableRow>
                  {mode === 'manual' ? <TableCell padding="checkbox" /> : null}
                  <TableCell>Learner</TableCell>
                  <TableCell>Marker</TableCell>
                  <TableCell>Moderator</TableCell>
                  <TableCell>State</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {subject.scripts.map((script) => (
                  <TableRow key={script.resultId}>
                    {mode === 'manual' ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={chosen.has(script.resultId)}
                          disabled={script.published || script.state !== 'waiting'}
                          onChange={() => toggle(script.resultId)}
                          inputProps={{ 'aria-label': `Choose ${script.student.name}` }}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell>{script.student.name}</TableCell>
                    <TableCell>{script.marker?.name ?? '—'}</TableCell>
                    <TableCell>
                      {script.moderator
                        ? `${script.moderator.name}${script.moderator.marks !== null ? ` (${script.moderator.marks})` : ''}`
                        : '—'}
                    </TableCell>
                    <TableCell>
                      {script.published ? 'Published' : STATE_TEXT[script.state]}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
              <Box sx={{ width: 200 }}>
                <TextInput
                  label="Moderate (% of scripts)"
                  type="number"
                  value={percent}
                  onChange={setPercent}
                />
              </Box>
              <Button variant="outlined" disabled={busy} onClick={() => void addModerators()}>
                Add second markers
              </Button>
            </Box>
          </>
        ) : loaded.isFetching ? (
          <Typography>Loading…</Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          color="warning"
          disabled={busy || !subject?.allocated}
          onClick={() => setConfirmClear(true)}
          sx={{ mr: 'auto' }}
        >
          {clearChosen ? 'Un-allocate chosen' : 'Clear allocation'}
        </Button>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button variant="contained" disabled={busy || !subject} onClick={() => void submit()}>
          Allocate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
