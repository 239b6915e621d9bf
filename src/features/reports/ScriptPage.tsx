// /reports/scripts/:resultId: a learner's script (their answer documents viewed in place,
// question by question) and, per subject of the work, its evaluation: who marks it, the marks,
// the marked copy, and for the faculty who may, start, save and complete. After every action the
// script is read again, so the status line follows.
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { mainsPaths, paths } from '../../lib/paths';
import { RichText } from '../../components/content/RichText';
import { Spinner } from '../../components/feedback/Spinner';
import { LoadError } from '../../components/feedback/LoadError';
import { PageContainer } from '../../components/layout/PageContainer';
import { formatDateTime } from '../../lib/dates';
import { queryErrorMessage } from '../../store/api';
import type { MediaFile } from '../media';
import { absoluteFileUrl } from '../media';
import { viewerKind, useScriptQuery, marksText, statusText } from '../mains';
import { selectRoleKind } from '../../session/sessionSlice';
import { EvaluationCard, subjectMaximum, subjectQuestions } from './EvaluationCard';
import { RecheckRequest } from './RecheckRequest';
import { ModerationCard } from './ModerationCard';
import { AnnotateSection, preloadPdfViewer } from './annotate';

function AnswerDocument({ file }: { file: MediaFile }) {
  const kind = viewerKind(file);
  const url = absoluteFileUrl(file.url);
  return (
    <Box component="li" sx={{ listStyle: 'none', mb: 2 }}>
      {kind === 'pdf' ? (
        <Box
          component="iframe"
          // Below the annotation workspace: loaded when scrolled to, not beside page 1's PDF.
          loading="lazy"
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

/** How long a fetched script counts as fresh when the page mounts (seconds). */
const SCRIPT_FRESH_SECONDS = 10;

export function ScriptPage() {
  const { resultId = '' } = useParams();
  const role = useAppSelector(selectRoleKind);
  // A script fetched in the last seconds (the cold open asks for it before this page mounts,
  // app/routePreload.ts) is not fetched again; an older one is, as every screen does.
  const loaded = useScriptQuery(resultId, { refetchOnMountOrArgChange: SCRIPT_FRESH_SECONDS });
  // Issue 27: staff annotate here; PDF.js loads while the script does.
  useEffect(() => {
    if (role !== 'student') void preloadPdfViewer().catch(() => undefined);
  }, [role]);
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
              questions={subjectQuestions(script, subject.documentId)}
              allowHalf={script.work.allowHalfMarks === true}
              maximum={subjectMaximum(script, subject.documentId)}
              mayEvaluate={script.canEvaluate.includes(subject.documentId)}
              mayReopen={role === 'admin'}
            />
          );
        })}
      </Box>

      {(script.moderating ?? []).map((item) => (
        <Box key={item.subject.documentId} sx={{ mb: 3 }}>
          <ModerationCard
            resultId={resultId}
            subject={item.subject}
            marks={item.marks}
            comment={item.comment}
            questions={subjectQuestions(script, item.subject.documentId)}
            given={item.questions ?? []}
            allowHalf={script.work.allowHalfMarks === true}
          />
        </Box>
      ))}
      {role === 'student' ? null : <AnnotateSection script={script} isAdmin={role === 'admin'} />}

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
              <Typography variant="body1" component="div" sx={{ whiteSpace: 'pre-line', mb: 1.5 }}>
                <RichText inline text={question.question} />
              </Typography>
              {role === 'student' && script.status === 'Published' ? (
                <RecheckRequest
                  resultId={resultId}
                  questionId={question.documentId}
                  label={`question ${index + 1}`}
                />
              ) : null}
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
