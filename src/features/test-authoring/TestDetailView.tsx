// /testcorner/:documentId (staff): the test's details and its questions in id order, with
// create, edit, delete (one or several), import from a file and copy from the pool, in the frame
// it shares with an assignment's page (WorkPage, WorkQuestions).
import Button from '@mui/material/Button';
import { lazy } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { mainsPaths, paths, testPaths } from '../../lib/paths';
import { useSaveTestQuestionMutation, useTestQuestionsQuery } from '../question-bank';
import type { Question } from '../question-bank';
import { useCloseTestMutation, usePublishTestMutation, useTestDetailQuery } from './testsEndpoints';
import { passMarkText, validity } from './testLabels';
import type { TestDetail } from './testTypes';
import { DetailField as Field, WorkDetails } from './WorkDetails';
import { WorkPage } from './WorkPage';
import { WorkQuestions } from './WorkQuestions';
import { keyOrMarksChanged, useRegradeOffer } from './useRegradeOffer';
import { AccommodationsCard } from './AccommodationsCard';

const TestFormDialog = lazy(() =>
  import('./TestFormDialog').then((module) => ({ default: module.TestFormDialog })),
);

function TestDetails({ test }: { test: TestDetail }) {
  return (
    <WorkDetails
      label="Test details"
      record={test}
      description={test.Description}
      duration={test.TestDuration}
      afterDuration={<Field label="Valid">{validity(test)}</Field>}
      afterMarks={
        <>
          <Field label="Pass mark">{passMarkText(test)}</Field>
          <Field label="Practice test">{test.enable_practice_test ? 'Enabled' : 'Disabled'}</Field>
        </>
      }
      below={test.instructions ? <Field label="Instructions">{test.instructions}</Field> : null}
    />
  );
}

/** "The questions add up to 48 marks; the test's maximum is 50." when they differ. */
export function marksWarning(questions: readonly Question[], maximum: number | null | undefined) {
  if (maximum === null || maximum === undefined || questions.length === 0) return null;
  const sum = questions.reduce((total, q) => total + (q.points_correct_answer ?? 0), 0);
  const rounded = Math.round(sum * 100) / 100;
  if (Math.abs(rounded - maximum) < 0.005) return null;
  return `The questions add up to ${rounded} marks; the test's maximum is ${maximum}.`;
}

export function TestDetailView() {
  const { documentId = '' } = useParams();
  const detail = useTestDetailQuery(documentId);
  const questionsQuery = useTestQuestionsQuery(documentId);
  const [saveTestQuestion] = useSaveTestQuestionMutation();
  const regrade = useRegradeOffer(documentId, detail.data?.TestName ?? 'this test');
  const [publishTest] = usePublishTestMutation();
  const [closeTest] = useCloseTestMutation();

  return (
    <>
      {regrade.dialog}
      <WorkPage
        noun="test"
        documentId={documentId}
        detail={detail}
        lifecycle={{
          publish: () => publishTest(documentId).unwrap(),
          close: () => closeTest(documentId).unwrap(),
        }}
        nameOf={(test) => test.TestName}
        backTo={paths.testCorner}
        resultsTo={(test) =>
          test.test_sub_category?.TestSubCategory.trim().toLowerCase() === 'mains'
            ? mainsPaths.results('test', documentId)
            : null
        }
        details={(test) => (
          <>
            <TestDetails test={test} />
            <Button component={RouterLink} to={testPaths.preview(documentId)}>
              Preview as a learner
            </Button>
            <Button onClick={regrade.open}>Regrade</Button>
            <AccommodationsCard testId={documentId} />
          </>
        )}
        questions={(test) => (
          <WorkQuestions
            target={{ testId: documentId }}
            name={test.TestName}
            query={questionsQuery}
            warningOf={(items) => marksWarning(items, test.MaximumMarks)}
            onSave={async (question, payload) => {
              const saved = await saveTestQuestion({
                documentId: question?.documentId,
                testId: documentId,
                payload,
              }).unwrap();
              // Learners who took the test were marked with the old key: offer a regrade.
              if (keyOrMarksChanged(question, payload)) regrade.offer();
              return saved;
            }}
          />
        )}
        form={(test, onClose, onSaved) => (
          <TestFormDialog test={test} onClose={onClose} onSaved={onSaved} />
        )}
      />
    </>
  );
}
