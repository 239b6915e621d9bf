// /reports/scripts/:resultId: a learner's script (their answer documents viewed in place,
// question by question) and, per subject of the work, its evaluation: who marks it, the marks,
// the marked copy, and for the faculty who may, start, save and complete. After every action the
// script is read again, so the status line follows.
import { useId, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { mainsPaths, paths } from '../../lib/paths';
import { Spinner } from '../../components/feedback/Spinner';
import { LoadError } from '../../components/feedback/LoadError';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { queryErrorMessage } from '../../store/api';
import type { MediaFile } from '../media';
import { UploadProgress, absoluteFileUrl } from '../media';
import {
  ANSWER_ACCEPT,
  answerFileProblem,
  viewerKind,
  useSaveEvaluationMutation,
  useScriptQuery,
  useStartEvaluationMutation,
  useUploadEvaluationDocumentMutation,
  marksText,
  statusText,
} from '../mains';
import type { Evaluation, NamedRef, Script } from '../mains';
import { selectRoleKind } from '../../session/sessionSlice';

function AnswerDocument({ file }: { file: MediaFile }) {
  const kind = viewerKind(file);
  const url = absoluteFileUrl(file.url);
  return (
    <Box component="li" sx={{ listStyle: 'none', mb: 2 }}>
      {kind === 'pdf' ? (
        <Box
          component="iframe"
          title={`Answer document ${file.name}`}
          src={url}
          sx={{ width: '100%', height: 600, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      ) : null}
      {kind === 'image' ? (
        <Box
          component="img"
          src={url}
          alt={`Answer document ${file.name}`}
          sx={{ maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      ) : null}
      <Link href={url} target="_blank" rel="noopener" sx={{ display: 'block' }}>
        Open {file.name}
      </Link>
    </Box>
  );
}

/** The most a subject can score: its questions' points, else the work's maximum marks. */
function subjectMaximum(script: Script, subjectId: string): number | null {
  const points = script.questions
    .filter((q) => q.subject?.documentId === subjectId)
    .reduce((sum, q) => sum + (q.points_correct_answer ?? 0), 0);
  return points > 0 ? points : script.work.maximumMarks;
}

function evaluationState(evaluation: Evaluation | undefined): string {
  if (!evaluation) return 'Not started';
  const who = evaluation.faculty?.name ?? 'a faculty member';
  if (!evaluation.end_date_time) return `In progress by ${who}`;
  return `Completed by ${who} with ${marksText(evaluation.total_marks)} marks`;
}

interface EvaluationCardProps {
  resultId: string;
  subject: NamedRef;
  evaluation: Evaluation | undefined;
  maximum: number | null;
  mayEvaluate: boolean;
}

function EvaluationCard(props: EvaluationCardProps) {
  // Each write refetches the script (its tags), so the card shows the server's state.
  const { resultId, subject, evaluation, maximum, mayEvaluate } = props;
  const [startEvaluation] = useStartEvaluationMutation();
  const [saveEvaluation] = useSaveEvaluationMutation();
  const [uploadDocument] = useUploadEvaluationDocumentMutation();
  const inputId = useId();
  const [marks, setMarks] = useState(
    evaluation?.total_marks === null || evaluation?.total_marks === undefined
      ? ''
      : String(evaluation.total_marks),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const name = subject.name;
  // The server lists a subject as evaluable when it is free or already the caller's own.
  const editable = mayEvaluate && evaluation !== undefined;

  const run = async (what: string, action: () => Promise<unknown>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const marksValue = (): number | null | 'invalid' => {
    if (marks.trim() === '') return null;
    const value = Number(marks);
    if (!Number.isFinite(value)) return 'invalid';
    if (value < 0 || (maximum !== null && value > maximum)) return 'invalid';
    return value;
  };

  const save = (complete: boolean) => {
    if (!evaluation) return;
    const value = marksValue();
    if (value === 'invalid') {
      setError(
        maximum !== null
          ? `Marks must be between 0 and ${marksText(maximum)}.`
          : 'Enter the marks as a number of 0 or more.',
      );
      return;
    }
    if (complete && value === null) {
      setError('Enter the marks before completing.');
      return;
    }
    void run(complete ? 'complete' : 'save', () =>
      saveEvaluation({
        evaluationId: evaluation.documentId,
        resultId,
        body: complete ? { total_marks: value, complete: true } : { total_marks: value },
      }).unwrap(),
    );
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !evaluation) return;
    const problem = answerFileProblem(file);
    if (problem) {
      setError(`${file.name}: ${problem}`);
      return;
    }
    setUpload({ name: file.name, percent: 0 });
    void run('upload', () =>
      uploadDocument({
        evaluationId: evaluation.documentId,
        resultId,
        file,
        onProgress: (percent) => setUpload({ name: file.name, percent }),
      }).unwrap(),
    ).finally(() => setUpload(null));
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={`Evaluation of ${name}`}
      sx={{ p: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {name}
        </Typography>
        <Chip size="small" label={evaluationState(evaluation)} />
      </Box>
      {evaluation?.evaluation_document ? (
        <Link
          href={absoluteFileUrl(evaluation.evaluation_document.url)}
          target="_blank"
          rel="noopener"
          sx={{ display: 'block', mb: 1 }}
        >
          Marked copy ({name})
        </Link>
      ) : null}
      {evaluation?.start_date_time ? (
        <Typography variant="body2" color="text.secondary">
          Started {formatDateTime(evaluation.start_date_time)}
          {evaluation.end_date_time
            ? ` · completed ${formatDateTime(evaluation.end_date_time)}`
            : ''}
        </Typography>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      ) : null}
      {mayEvaluate && !editable ? (
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={busy !== null}
          onClick={() =>
            void run('start', () =>
              startEvaluation({ resultId, subjectId: subject.documentId }).unwrap(),
            )
          }
        >
          Start evaluating {name}
        </Button>
      ) : null}
      {editable ? (
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          <TextInput
            label={`Marks for ${name}`}
            type="number"
            value={marks}
            onChange={setMarks}
            helperText={maximum !== null ? `Maximum ${marksText(maximum)}` : undefined}
          />
          {upload ? <UploadProgress name={upload.name} percent={upload.percent} /> : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy !== null}>
              Upload marked copy
              <input
                id={inputId}
                type="file"
                hidden
                accept={ANSWER_ACCEPT}
                aria-label={`Upload marked copy for ${name}`}
                onChange={onFile}
                disabled={busy !== null}
              />
            </Button>
            <Button variant="outlined" disabled={busy !== null} onClick={() => save(false)}>
              Save marks for {name}
            </Button>
            <Button variant="contained" disabled={busy !== null} onClick={() => save(true)}>
              Complete {name}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </Paper>
  );
}

export function ScriptPage() {
  const { resultId = '' } = useParams();
  const role = useAppSelector(selectRoleKind);
  const loaded = useScriptQuery(resultId);
  const script = loaded.currentData ?? null;
  const error = queryErrorMessage(loaded.error, 'The script could not be loaded.');

  const backTo = script
    ? mainsPaths.results(script.work.kind, script.work.documentId)
    : paths.reports;
  const back = (
    <Button component={RouterLink} to={role === 'student' ? paths.reports : backTo}>
      Back to results
    </Button>
  );

  if (!script) {
    if (error) {
      return (
        <PageContainer title="Script" actions={back}>
          <LoadError message={error} onRetry={() => void loaded.refetch()} />
        </PageContainer>
      );
    }
    return <Spinner label="Loading the script" />;
  }

  const answerOf = new Map(script.answers.map((item) => [item.question, item.documents]));

  return (
    <PageContainer title={`${script.student.name} · ${script.work.name}`} actions={back}>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="body1">Learner: {script.student.name}</Typography>
        <Typography variant="body1">
          Work: {script.work.name} ({script.work.kind === 'test' ? 'Mains test' : 'Assignment'})
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          Status: {statusText(script.status, script.pendingSubjects)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {script.submittedAt ? `Submitted ${formatDateTime(script.submittedAt)}` : 'Not submitted'}
          {script.work.maximumMarks !== null
            ? ` · maximum marks ${marksText(script.work.maximumMarks)}`
            : ''}
        </Typography>
      </Paper>

      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Evaluation
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        {script.work.subjects.map((subject) => {
          const evaluation = script.evaluations.find(
            (item) => item.subject.documentId === subject.documentId,
          );
          return (
            <EvaluationCard
              key={`${subject.documentId}-${evaluation?.documentId ?? 'none'}`}
              resultId={resultId}
              subject={subject}
              evaluation={evaluation}
              maximum={subjectMaximum(script, subject.documentId)}
              mayEvaluate={script.canEvaluate.includes(subject.documentId)}
            />
          );
        })}
      </Box>

      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Answers
      </Typography>
      <Stack component="ol" aria-label="Answers" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {script.questions.map((question, index) => {
          const documents = answerOf.get(question.documentId) ?? [];
          return (
            <Paper
              key={question.documentId}
              component="li"
              variant="outlined"
              aria-label={`Question ${index + 1}`}
              sx={{ p: 2, listStyle: 'none' }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  Question {index + 1}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={question.subject?.name ?? 'No subject'}
                />
                {question.points_correct_answer !== null ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={`${question.points_correct_answer} marks`}
                  />
                ) : null}
              </Box>
              <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 1.5 }}>
                {question.question}
              </Typography>
              {documents.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No document for this question.
                </Typography>
              ) : (
                <Box component="ul" sx={{ p: 0, m: 0 }}>
                  {documents.map((file) => (
                    <AnswerDocument key={file.id} file={file} />
                  ))}
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
    </PageContainer>
  );
}
