// A learner's sitting of Mains work (an assignment, or a Mains test): start (or resume), the
// instructions and attachments, each question with its subject and its answer documents
// (uploaded with progress, checked here first, removable), the deadline countdown, and submit.
// After submission: the status, and the marks and marked copies once published.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { useOpenWorkMutation, useSubmitWorkMutation } from './mainsEndpoints';
import { statusText } from './mainsLabels';
import type { SubmittedResult, WorkKind, WorkSession } from './mainsTypes';
import { PublishedMarks } from './WorkItemCard';
import { Countdown, FileLink, QuestionCard } from './WorkQuestionCard';
import { useAnswerDocuments } from './useAnswerDocuments';
import { StartGate } from './StartWorkDialog';

export function WorkPage({ kind }: { kind: WorkKind }) {
  const { documentId = '' } = useParams();
  const [search] = useSearchParams();
  const attemptParam = search.get('attempt');
  return (
    <StartGate
      kind={kind}
      documentId={documentId}
      attemptId={attemptParam}
      back={kind === 'assignment' ? paths.assignment : paths.testCorner}
    >
      <WorkSitting kind={kind} documentId={documentId} attemptParam={attemptParam} />
    </StartGate>
  );
}

function WorkSitting({
  kind,
  documentId,
  attemptParam,
}: {
  kind: WorkKind;
  documentId: string;
  attemptParam: string | null;
}) {
  const [session, setSession] = useState<WorkSession | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState<SubmittedResult | null>(null);
  const [openWork] = useOpenWorkMutation();
  const [submitWork] = useSubmitWorkMutation();
  const { documents, uploads, errors, removing, received, upload, remove } = useAnswerDocuments();

  // Start (or resume) the work; a submitted one opens at that sitting (its status, and marks
  // once published).
  useEffect(() => {
    let live = true;
    openWork({ kind, documentId, attemptId: attemptParam })
      .unwrap()
      .then(
        (answer) => {
          if (!live) return;
          setSession(answer);
          received(answer.answers);
        },
        (failure: unknown) => {
          if (live) setLoadError(errorMessage(failure, 'This work could not be opened.'));
        },
      );
    return () => {
      live = false;
    };
  }, [kind, documentId, attemptParam, reloads, openWork, received]);

  const back = kind === 'assignment' ? paths.assignment : paths.testCorner;
  const backLabel = kind === 'assignment' ? 'Back to assignments' : 'Back to tests';
  const backButton = (
    <Button component={RouterLink} to={back}>
      {backLabel}
    </Button>
  );

  if (!session) {
    if (loadError) {
      return (
        <PageContainer
          title={kind === 'assignment' ? 'Assignment' : 'Mains test'}
          actions={backButton}
        >
          <LoadError
            message={loadError}
            onRetry={() => {
              setLoadError(null);
              setReloads((n) => n + 1);
            }}
          />
        </PageContainer>
      );
    }
    return <Spinner label="Opening the work" />;
  }

  const { work, questions, answers, attempt } = session;
  const timeEnded = !submitted && work.state === 'time-ended';
  const isSubmitted =
    !timeEnded && (Boolean(submitted) || session.submitted === true || work.state === 'submitted');
  const open = !isSubmitted && !timeEnded;
  const answerOf = new Map(answers.map((item) => [item.question, item.documentId]));
  const docsOf = (questionId: string) => {
    const answerId = answerOf.get(questionId);
    return answerId ? (documents[answerId] ?? []) : [];
  };
  const withoutDocument = questions.filter((q) => docsOf(q.documentId).length === 0).length;
  const uploading = Object.keys(uploads).length > 0;
  const status = submitted?.status ?? work.status;

  return (
    <PageContainer
      title={work.name}
      actions={
        <Stack direction="row" spacing={1}>
          {backButton}
          {open ? (
            <Button variant="contained" disabled={uploading} onClick={() => setConfirming(true)}>
              Submit answers
            </Button>
          ) : null}
        </Stack>
      }
    >
      {timeEnded ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            Time ended
          </Typography>
          <Typography component="p">
            Your time ended before anything was uploaded, so nothing was submitted.
          </Typography>
        </Alert>
      ) : null}
      {isSubmitted ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            Submitted
          </Typography>
          <Typography component="p">Status: {statusText(status)}</Typography>
          {work.status === 'Published' && !submitted ? (
            <PublishedMarks
              totalMarks={work.totalMarks}
              maximumMarks={work.maximumMarks}
              evaluations={work.evaluations}
            />
          ) : null}
        </Alert>
      ) : null}
      {open && attempt.expires_at ? (
        <Countdown expiresAt={attempt.expires_at} serverTime={session.serverTime} />
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        {work.instructions ? (
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
            {work.instructions}
          </Typography>
        ) : null}
        {work.description ? (
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
            {work.description}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {[
            work.closesAt ? `Deadline ${formatDateTime(work.closesAt, { zone: true })}` : null,
            work.maximumMarks !== null ? `Maximum marks ${work.maximumMarks}` : null,
            work.subjects.map((subject) => subject.name).join(', ') || null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {work.attachments.length > 0 ? (
          <Box sx={{ mt: 1 }}>
            <Typography variant="subtitle2" component="h2">
              Attachments
            </Typography>
            <Box component="ul" aria-label="Attachments" sx={{ m: 0, pl: 2.5 }}>
              {work.attachments.map((file) => (
                <li key={file.id}>
                  <FileLink file={file} />
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
      </Paper>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Questions ({questions.length})
      </Typography>
      <Stack component="ol" aria-label="Questions" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {questions.map((question, index) => {
          const answerId = answerOf.get(question.documentId) ?? '';
          return (
            <QuestionCard
              key={question.documentId}
              question={question}
              number={index + 1}
              documents={docsOf(question.documentId)}
              open={open && answerId !== ''}
              upload={uploads[answerId] ?? null}
              errors={errors[answerId] ?? []}
              onFiles={(files) => void upload(answerId, files)}
              onRemove={(file) => void remove(answerId, file)}
              removing={removing}
            />
          );
        })}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Submit your answers?"
        destructive={false}
        message={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {withoutDocument === 0
                ? `Every question (${questions.length}) has at least one document.`
                : `${withoutDocument} of ${questions.length} questions have no document.`}
            </Box>
            <Box component="span" sx={{ display: 'block', mt: 1 }}>
              You cannot change your answers after submitting.
            </Box>
          </>
        }
        confirmLabel="Submit now"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setSubmitted(await submitWork(attempt.documentId).unwrap());
        }}
      />
    </PageContainer>
  );
}
