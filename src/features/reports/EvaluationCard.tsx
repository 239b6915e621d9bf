// One subject's evaluation on the script page: who marks it, its state, the marked copy, and for
// the faculty member who may, start and mark it. A subject with questions is marked question by
// question (QuestionMarking, issue 27); one without keeps the single total of issue 8. A completed
// evaluation shows its marks per question; an administrator may reopen it with a reason.
import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { UploadProgress, absoluteFileUrl } from '../media';
import {
  ANSWER_ACCEPT,
  answerFileProblem,
  marksText,
  useSaveEvaluationMutation,
  useStartEvaluationMutation,
  useUploadEvaluationDocumentMutation,
} from '../mains';
import type { Evaluation, NamedRef, Script } from '../mains';
import { QuestionMarking, QuestionMarksList, type MarkableQuestion } from './QuestionMarking';
import { ReopenEvaluation } from './ReopenEvaluation';

/** The subject's questions with their numbers in the script. */
export function subjectQuestions(script: Script, subjectId: string): MarkableQuestion[] {
  return script.questions.flatMap((q, index) =>
    q.subject?.documentId === subjectId
      ? [
          {
            documentId: q.documentId,
            number: index + 1,
            maximum:
              q.points_correct_answer !== null && q.points_correct_answer > 0
                ? q.points_correct_answer
                : null,
            rubric: q.rubric ?? null,
          },
        ]
      : [],
  );
}

/** The most a subject can score: its questions' points, else the work's maximum marks. */
export function subjectMaximum(script: Script, subjectId: string): number | null {
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
  questions: MarkableQuestion[];
  allowHalf: boolean;
  maximum: number | null;
  mayEvaluate: boolean;
  /** Administrators reopen completed evaluations. */
  mayReopen: boolean;
}

export function EvaluationCard(props: EvaluationCardProps) {
  // Each write refetches the script (its tags), so the card shows the server's state.
  const { resultId, subject, evaluation, questions, allowHalf, maximum, mayEvaluate } = props;
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
  const completed = Boolean(evaluation?.end_date_time);
  const perQuestion = questions.length > 0;

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

  const uploadButton = (
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
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={`Evaluation of ${name}`}
      sx={{ p: 2, minWidth: 0 }}
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
      {evaluation && (completed || !editable) && (evaluation.questions ?? []).length > 0 ? (
        <QuestionMarksList marks={evaluation.questions ?? []} questions={questions} />
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
      {editable && evaluation && perQuestion && !completed ? (
        <QuestionMarking
          resultId={resultId}
          subjectName={name}
          evaluation={evaluation}
          questions={questions}
          allowHalf={allowHalf}
          maximum={maximum}
          busy={busy !== null}
        >
          {upload ? <UploadProgress name={upload.name} percent={upload.percent} /> : null}
          <Box>{uploadButton}</Box>
        </QuestionMarking>
      ) : null}
      {editable && (!perQuestion || completed) ? (
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          {!perQuestion && !completed ? (
            <TextInput
              label={`Marks for ${name}`}
              type="number"
              value={marks}
              onChange={setMarks}
              helperText={maximum !== null ? `Maximum ${marksText(maximum)}` : undefined}
            />
          ) : null}
          {upload ? <UploadProgress name={upload.name} percent={upload.percent} /> : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {uploadButton}
            {!perQuestion && !completed ? (
              <>
                <Button variant="outlined" disabled={busy !== null} onClick={() => save(false)}>
                  Save marks for {name}
                </Button>
                <Button variant="contained" disabled={busy !== null} onClick={() => save(true)}>
                  Complete {name}
                </Button>
              </>
            ) : null}
          </Stack>
        </Stack>
      ) : null}
      {evaluation && (props.mayReopen || (evaluation.reopenings ?? []).length > 0) ? (
        <ReopenEvaluation
          resultId={resultId}
          subjectName={name}
          evaluation={evaluation}
          mayReopen={props.mayReopen && completed}
        />
      ) : null}
    </Paper>
  );
}
