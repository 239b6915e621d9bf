// /testcorner (staff): every test, newest first, paged on the server and filtered by the
// category, sub-category and second sub-category kept for tests (the list it shares with
// assignments, WorkList). Create, edit, duplicate, notify the faculties and delete from here.
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import { useAppDispatch } from '../../store/hooks';
import { paths } from '../../lib/paths';
import { errorMessage } from '../../lib/strapi';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import { NotifyFacultiesDialog } from './NotifyFacultiesDialog';
import { validity } from './testLabels';
import {
  useCloseTestMutation,
  useDeleteTestMutation,
  useDuplicateTestMutation,
  usePublishTestMutation,
  useLazyTestDetailQuery,
  useNotifyFacultiesMutation,
  useTestListQuery,
} from './testsEndpoints';
import { TESTS_PAGE_SIZE } from './testsUrls';
import type { Test } from './testTypes';
import { useWorkListArgs, WorkList } from './WorkList';

const TestFormDialog = lazy(() =>
  import('./TestFormDialog').then((module) => ({ default: module.TestFormDialog })),
);

export function TestListView() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const args = useWorkListArgs('tests');
  const list = useTestListQuery(args.query);
  const [notifying, setNotifying] = useState<Test | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleteTest] = useDeleteTestMutation();
  const [duplicateTest] = useDuplicateTestMutation();
  const [publishTest] = usePublishTestMutation();
  const [closeTest] = useCloseTestMutation();
  const [notifyFaculties] = useNotifyFacultiesMutation();
  const [readTest] = useLazyTestDetailQuery();

  const duplicate = async (test: Test) => {
    setBusy(test.documentId);
    try {
      const copy = await duplicateTest(test.documentId).unwrap();
      dispatch(messageShown({ kind: 'success', text: 'Test duplicated as a draft' }));
      dispatch(selectionChanged({ key: 'test', id: copy.documentId }));
      navigate(`${paths.testCorner}/${copy.documentId}`);
    } catch (failure) {
      dispatch(messageShown({ kind: 'error', text: errorMessage(failure) }));
      setBusy(null);
    }
  };

  return (
    <WorkList
      noun="test"
      title="Test corner"
      args={args}
      list={list}
      pageSize={TESTS_PAGE_SIZE}
      nameOf={(test) => test.TestName}
      hrefOf={(test) => `${paths.testCorner}/${test.documentId}`}
      durationOf={(test) => test.TestDuration}
      column={{ header: 'Valid', cell: validity }}
      readDetail={(documentId) => readTest(documentId).unwrap()}
      readFailedText="The test could not be loaded."
      moreActions={(test) => (
        <>
          <Button
            size="small"
            disabled={busy === test.documentId}
            onClick={() => void duplicate(test)}
            aria-label={`Duplicate test ${test.TestName}`}
          >
            Duplicate
          </Button>
          <Button
            size="small"
            onClick={() => setNotifying(test)}
            aria-label={`Notify faculties of test ${test.TestName}`}
          >
            Notify
          </Button>
        </>
      )}
      deleteOne={(documentId) => deleteTest(documentId).unwrap()}
      publishOne={(documentId) => publishTest(documentId).unwrap()}
      closeOne={(documentId) => closeTest(documentId).unwrap()}
      form={({ record, onClose, onSaved }) => (
        <TestFormDialog test={record} onClose={onClose} onSaved={onSaved} />
      )}
    >
      {notifying ? (
        <NotifyFacultiesDialog
          testName={notifying.TestName}
          onNotify={(message) =>
            notifyFaculties({ testId: notifying.documentId, message }).unwrap()
          }
          onNotified={(count) =>
            dispatch(messageShown({ kind: 'success', text: `Notified ${count} faculty member(s)` }))
          }
          onClose={() => setNotifying(null)}
        />
      ) : null}
    </WorkList>
  );
}
