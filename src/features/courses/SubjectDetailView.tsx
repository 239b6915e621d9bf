// A subject and its topics: create a topic, edit topics, remove one or several (one call).
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { queryErrorMessage } from '../../store/api';
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { SubjectFormDialog } from './SubjectFormDialog';
import { TopicCards } from './TopicCard';
import { TopicFormDialog } from './TopicFormDialog';
import { useRemoveTopicsMutation, useSubjectDetailQuery } from './subjectsEndpoints';

export function SubjectDetailView() {
  const { documentId = '' } = useParams();
  // Changes to the subject, its topics and their videos read it again (its tag, or reload).
  const detail = useSubjectDetailQuery(documentId);
  const [removeTopics] = useRemoveTopicsMutation();
  const subject = detail.data?.documentId === documentId ? detail.data : null;
  const error = detail.isError
    ? queryErrorMessage(detail.error, 'The subject could not be loaded.')
    : null;
  const [creating, setCreating] = useState(false);
  const [editingSubject, setEditingSubject] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = () => void detail.refetch();

  const topics = subject?.topics ?? [];
  const toggle = (id: string) =>
    setSelected((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));

  return (
    <PageContainer
      title={subject?.SubjectName ?? 'Subject'}
      actions={
        <Button component={RouterLink} to={paths.subjects}>
          All subjects
        </Button>
      }
    >
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {detail.isFetching && !subject ? <Spinner label="Loading the subject" /> : null}
      {subject ? (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
              Code: {subject.subject_code || '—'} · {topics.length} topic(s)
            </Typography>
            <Button onClick={() => setEditingSubject(true)}>Edit subject</Button>
            <Button variant="contained" onClick={() => setCreating(true)}>
              New topic
            </Button>
            <Button
              color="error"
              variant="outlined"
              disabled={selected.length === 0}
              onClick={() => setConfirmRemove(true)}
            >
              Remove selected topics ({selected.length})
            </Button>
          </Box>
          {notice ? (
            <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          ) : null}
          {topics.length === 0 ? (
            <EmptyState
              title="No topics yet"
              description="Add the topics of this subject with their descriptions, materials and videos."
            />
          ) : (
            <TopicCards
              topics={topics}
              subjectId={subject.documentId}
              canEdit
              onChanged={reload}
              leading={(topic) => (
                <Checkbox
                  checked={selected.includes(topic.documentId)}
                  onChange={() => toggle(topic.documentId)}
                  slotProps={{ input: { 'aria-label': `Select topic ${topic.topic_name}` } }}
                />
              )}
            />
          )}
          {creating ? (
            <TopicFormDialog subjectId={subject.documentId} onClose={() => setCreating(false)} />
          ) : null}
          {editingSubject ? (
            <SubjectFormDialog subject={subject} onClose={() => setEditingSubject(false)} />
          ) : null}
          <ConfirmDialog
            open={confirmRemove}
            title="Remove topics?"
            message={`${selected.length} topic(s) will be removed from ${subject.SubjectName} and deleted, with their links to materials and videos.`}
            confirmLabel="Remove"
            onClose={() => setConfirmRemove(false)}
            onConfirm={async () => {
              const removed = await removeTopics({
                subjectId: subject.documentId,
                topicIds: selected,
              }).unwrap();
              setSelected([]);
              setNotice(`${removed} topic(s) removed.`);
            }}
          />
        </>
      ) : null}
    </PageContainer>
  );
}
