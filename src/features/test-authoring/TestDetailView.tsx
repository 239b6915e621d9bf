// /testcorner/:documentId (staff): the test's details and its questions in id order, with
// create, edit, delete (one or several), import from a file and copy from the pool (WorkQuestions).
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch } from '../../store/hooks';
import { mainsPaths, paths } from '../../lib/paths';
import { PageContainer } from '../../components/layout/PageContainer';
import { useSaveTestQuestionMutation, useTestQuestionsQuery } from '../question-bank';
import type { Question } from '../question-bank';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import { useTestDetailQuery } from './testsEndpoints';
import { categoryChain, durationText, passMarkText, validity } from './testLabels';
import type { TestDetail } from './testTypes';
import { DetailField as Field, WorkDetails, WorkLoading } from './WorkDetails';
import { WorkQuestions } from './WorkQuestions';

const TestFormDialog = lazy(() =>
  import('./TestFormDialog').then((module) => ({ default: module.TestFormDialog })),
);

function TestDetails({ test }: { test: TestDetail }) {
  return (
    <WorkDetails
      label="Test details"
      description={test.Description}
      attachments={test.Attachments}
      below={test.instructions ? <Field label="Instructions">{test.instructions}</Field> : null}
    >
      <Field label="Category">{categoryChain(test)}</Field>
      <Field label="Course">{test.course?.course_name ?? '—'}</Field>
      <Field label="Duration">{durationText(test.TestDuration)}</Field>
      <Field label="Valid">{validity(test)}</Field>
      <Field label="Maximum marks">{test.MaximumMarks ?? '—'}</Field>
      <Field label="Pass mark">{passMarkText(test)}</Field>
      <Field label="Practice test">{test.enable_practice_test ? 'Enabled' : 'Disabled'}</Field>
      <Field label="Language">{test.test_language?.LanguageName ?? '—'}</Field>
      <Field label="Batch">{test.batch?.Batch ?? '—'}</Field>
      <Field label="Subjects">
        {test.subjects?.map((item) => item.SubjectName).join(', ') || '—'}
      </Field>
      <Field label="Faculties">
        {test.faculties?.map((item) => item.FacultyName).join(', ') || '—'}
      </Field>
      <Field label="Learners">{test.students?.length ?? 0}</Field>
    </WorkDetails>
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
  const dispatch = useAppDispatch();
  const detail = useTestDetailQuery(documentId);
  const questionsQuery = useTestQuestionsQuery(documentId);
  const [saveTestQuestion] = useSaveTestQuestionMutation();
  const [editingTest, setEditingTest] = useState(false);

  useEffect(() => {
    dispatch(selectionChanged({ key: 'test', id: documentId }));
  }, [dispatch, documentId]);

  const current = detail.data?.documentId === documentId ? detail.data : null;
  if (!current) return <WorkLoading noun="test" query={detail} />;

  return (
    <PageContainer
      title={current.TestName}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.testCorner}>
            Back to tests
          </Button>
          {current.test_sub_category?.TestSubCategory.trim().toLowerCase() === 'mains' ? (
            <Button component={RouterLink} to={mainsPaths.results('test', documentId)}>
              Results
            </Button>
          ) : null}
          <Button variant="outlined" onClick={() => setEditingTest(true)}>
            Edit test
          </Button>
        </Stack>
      }
    >
      <TestDetails test={current} />
      <WorkQuestions
        target={{ testId: documentId }}
        name={current.TestName}
        query={questionsQuery}
        warningOf={(items) => marksWarning(items, current.MaximumMarks)}
        onSave={(question, payload) =>
          saveTestQuestion({
            documentId: question?.documentId,
            testId: documentId,
            payload,
          }).unwrap()
        }
      />
      {editingTest ? (
        <Suspense fallback={null}>
          <TestFormDialog
            test={current}
            onClose={() => setEditingTest(false)}
            onSaved={() => {
              // The save refreshes this test (its tag).
              dispatch(messageShown({ kind: 'success', text: 'Test saved.' }));
            }}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
