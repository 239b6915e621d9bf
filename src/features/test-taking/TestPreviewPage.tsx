// /testcorner/:documentId/preview (staff, issue 26): the whole test as a learner's player shows
// it, built from the same parts (QuestionPanel with AnswerInput and rich text, QuestionPalette)
// and the same learner views the server's start sends, so what staff check is what learners get.
// No attempt: answers live in this screen's memory (usePreviewAnswers), there is no clock, no
// submit and no integrity log. "Show the key" adds the key under each question for checking.
// The options are shown in the test's order: a learner with shuffled options sees another order.
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Spinner } from '../../components/feedback/Spinner';
import { testPaths } from '../../lib/paths';
import { queryErrorMessage } from '../../store/api';
import { PreviewKeyPanel } from './PreviewKeyPanel';
import { QuestionPanel } from './QuestionPanel';
import { QuestionPalette, paletteItem } from './QuestionPalette';
import { useTestPreviewQuery } from './previewEndpoints';
import { usePreviewAnswers } from './usePreviewAnswers';

export function TestPreviewPage() {
  const { documentId = '' } = useParams();
  const [withKey, setWithKey] = useState(false);
  const preview = useTestPreviewQuery({ documentId, withKey });
  const { answerOf, change } = usePreviewAnswers();
  const [current, setCurrent] = useState(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  const data = preview.data;

  const back = (
    <Button component={RouterLink} to={testPaths.detail(documentId)} sx={{ mb: 1 }}>
      Back to the test
    </Button>
  );
  if (!data) {
    return (
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        {back}
        {preview.isError ? (
          <Alert severity="error">
            {queryErrorMessage(preview.error, 'The preview could not be loaded.')}
          </Alert>
        ) : (
          <Spinner label="Loading the preview" />
        )}
      </Box>
    );
  }
  const { test, questions } = data;
  const count = questions.length;
  const index = Math.min(current, Math.max(count - 1, 0));
  const question = questions[index];
  const go = (next: number) => {
    if (next < 0 || next >= count) return;
    setCurrent(next);
    setVisited((seen) => new Set(seen).add(next));
  };
  const section =
    question && test.sections && typeof question.section === 'number'
      ? test.sections[question.section]
      : null;
  const answerKey = question ? data.keys?.[question.documentId] : undefined;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {back}
      <Typography component="h1" variant="h5">
        Preview as a learner: {test.TestName ?? 'Untitled test'}
      </Typography>
      <Alert severity="info" sx={{ my: 2 }}>
        This is what a learner sees. Your answers here are not saved and no attempt is recorded.
        {test.TestDuration ? ` A learner has ${test.TestDuration} minutes.` : ''}
        {test.mains ? ' This is a Mains test: learners answer it on their Mains work page.' : ''}
      </Alert>
      <FormControlLabel
        control={
          <Switch checked={withKey} onChange={(event) => setWithKey(event.target.checked)} />
        }
        label="Show the key"
        sx={{ mb: 1 }}
      />
      {preview.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {queryErrorMessage(preview.error, 'The preview could not be loaded.')}
        </Alert>
      ) : null}
      {!question ? (
        <Alert severity="warning">This test has no questions yet.</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            {section ? (
              <Chip
                color="primary"
                variant="outlined"
                label={`Section: ${section.name} (${section.minutes} min)`}
                sx={{ mb: 1 }}
              />
            ) : null}
            {question.drawn ? (
              <Chip
                variant="outlined"
                label="Drawn at random from the pool: each learner gets their own"
                sx={{ mb: 1, ml: section ? 1 : 0 }}
              />
            ) : null}
            <QuestionPanel
              question={question}
              answer={answerOf(question.documentId)}
              index={index}
              count={count}
              outcome={undefined}
              practice={false}
              locked={false}
              checkBusy={false}
              onChange={(patch) => change(question.documentId, patch)}
              onGo={go}
              onCheck={() => undefined}
            />
            {withKey && answerKey ? (
              <PreviewKeyPanel question={question} answerKey={answerKey} />
            ) : null}
          </Box>
          <QuestionPalette
            items={questions.map((q, i) => paletteItem(answerOf(q.documentId), visited.has(i)))}
            current={index}
            onGo={go}
          />
        </Box>
      )}
    </Box>
  );
}
