// /course/:documentId: the course header, then Subjects, Content, Batches, Tests and
// Assignments. Learners read; staff edit and deactivate.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { queryErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { PageContainer } from '../../components/layout/PageContainer';
import { selectRoleKind } from '../../session/sessionSlice';
import { messageShown, selectionChanged } from '../../store/uiSlice';
import { courseImageUrl } from './courseImage';
import { CourseContentTab } from './CourseContentTab';
import type { CourseDetail } from './courseTypes';
import {
  useCourseDetailQuery,
  useDeactivateCourseMutation,
  useRefreshCourseSubjectsMutation,
} from './coursesEndpoints';
import { TopicCards } from './TopicCard';
import { formatDate } from '../../lib/dates';

const CourseFormDialog = lazy(() =>
  import('./CourseFormDialog').then((module) => ({ default: module.CourseFormDialog })),
);

// A learner's Tests tab: their tests of this course, with start, resume and result actions.
const CourseTestsPanel = lazy(() =>
  import('../test-taking/LearnerTestList').then((module) => ({ default: module.CourseTestsPanel })),
);

// A learner's upcoming live classes of this course.
const UpcomingLiveClasses = lazy(() =>
  import('../live-classes').then((module) => ({ default: module.UpcomingLiveClasses })),
);

const tabs = ['Subjects', 'Content', 'Batches', 'Tests', 'Assignments'] as const;
type TabName = (typeof tabs)[number];

const day = (value: string | null | undefined): string => formatDate(value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

function SimpleList({
  items,
  empty,
}: {
  items: Array<{ key: string; primary: string; secondary?: string }>;
  empty: string;
}) {
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {items.map((item) => (
          <ListItem key={item.key} divider>
            <ListItemText primary={item.primary} secondary={item.secondary} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function SubjectsTab({ course, canEdit }: { course: CourseDetail; canEdit: boolean }) {
  const [refreshSubjects] = useRefreshCourseSubjectsMutation();
  const subjects = useMemo(() => course.subjects ?? [], [course.subjects]);
  // Fresh topics of the course's subjects (after a topic or video changed), laid over the course.
  const refresh = useCallback(() => {
    void refreshSubjects({
      courseId: course.documentId,
      subjectIds: subjects.map((subject) => subject.documentId),
    });
  }, [refreshSubjects, course.documentId, subjects]);
  if (subjects.length === 0) {
    return <EmptyState title="This course has no subjects yet" />;
  }
  return (
    <Stack spacing={3}>
      {subjects.map((subject) => {
        const topics = subject.topics ?? [];
        return (
          <Box
            key={subject.documentId}
            component="section"
            aria-label={`Subject ${subject.SubjectName}`}
          >
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {subject.SubjectName}
              {subject.subject_code ? (
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {subject.subject_code}
                </Typography>
              ) : null}
            </Typography>
            {topics.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No topics yet.
              </Typography>
            ) : (
              <TopicCards
                topics={topics}
                subjectId={subject.documentId}
                canEdit={canEdit}
                onChanged={refresh}
              />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export function CourseDetailView() {
  const { documentId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const role = useAppSelector(selectRoleKind);
  // Saving the course reads it again (its tag).
  const detail = useCourseDetailQuery(documentId);
  const [deactivateCourse] = useDeactivateCourseMutation();
  const course = detail.data?.documentId === documentId ? detail.data : null;
  const error = detail.isError
    ? queryErrorMessage(detail.error, 'The course could not be loaded.')
    : null;
  const [tab, setTab] = useState<TabName>('Subjects');
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const canEdit = role !== 'student';

  useEffect(() => {
    dispatch(selectionChanged({ key: 'course', id: documentId }));
  }, [dispatch, documentId]);

  const back = (
    <Button component={RouterLink} to={paths.course}>
      All courses
    </Button>
  );

  if (!course) {
    return (
      <PageContainer title="Course" actions={back}>
        {detail.isError ? (
          <Alert severity="error">{error}</Alert>
        ) : (
          <Spinner label="Loading the course" />
        )}
      </PageContainer>
    );
  }

  const image = courseImageUrl(course.course_image, 'medium');
  return (
    <PageContainer
      title={course.course_name}
      actions={
        <>
          {back}
          {canEdit ? (
            <>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Edit course
              </Button>
              {course.is_active !== false ? (
                <Button variant="outlined" color="error" onClick={() => setConfirmDeactivate(true)}>
                  Deactivate
                </Button>
              ) : null}
            </>
          ) : null}
        </>
      }
    >
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {image ? (
          <Box
            component="img"
            src={image}
            alt={`${course.course_name} cover`}
            sx={{ width: 240, maxWidth: '100%', height: 160, objectFit: 'cover', borderRadius: 1 }}
          />
        ) : null}
        <Stack spacing={1.5} sx={{ flex: '1 1 320px' }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={course.is_public ? 'success' : 'default'}
              label={course.is_public ? 'Public' : 'Private'}
            />
            <Chip
              size="small"
              color={course.is_active === false ? 'warning' : 'primary'}
              label={course.is_active === false ? 'Inactive' : 'Active'}
            />
            {course.test_category ? (
              <Chip size="small" variant="outlined" label={course.test_category.CategoryName} />
            ) : null}
            {course.test_language ? (
              <Chip size="small" variant="outlined" label={course.test_language.LanguageName} />
            ) : null}
          </Box>
          {course.course_description ? (
            <Section title="Description">{course.course_description}</Section>
          ) : null}
          {course.course_outcome ? (
            <Section title="Outcome">{course.course_outcome}</Section>
          ) : null}
          {course.course_requirements ? (
            <Section title="Requirements">{course.course_requirements}</Section>
          ) : null}
          {course.faculties && course.faculties.length > 0 ? (
            <Section title="Faculty">
              {course.faculties.map((f) => f.FacultyName).join(', ')}
            </Section>
          ) : null}
        </Stack>
      </Paper>

      {canEdit ? null : (
        <Suspense fallback={null}>
          <UpcomingLiveClasses courseId={course.documentId} compact />
        </Suspense>
      )}
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Course sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={name} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={tab}>
        {tab === 'Subjects' ? <SubjectsTab course={course} canEdit={canEdit} /> : null}
        {tab === 'Content' ? <CourseContentTab course={course} canEdit={canEdit} /> : null}
        {tab === 'Batches' ? (
          <Stack spacing={1}>
            {canEdit ? (
              <Typography variant="body2" color="text.secondary">
                Batches are linked to courses on the Batches screen.
              </Typography>
            ) : null}
            <SimpleList
              empty="No batches"
              items={(course.batches ?? []).map((batch) => ({
                key: batch.documentId,
                primary: batch.Batch,
                secondary: `${day(batch.batch_start_date)} – ${day(batch.batch_end_date)}`,
              }))}
            />
          </Stack>
        ) : null}
        {tab === 'Tests' && !canEdit ? (
          <Suspense fallback={<Spinner label="Loading your tests" />}>
            <CourseTestsPanel courseId={course.documentId} />
          </Suspense>
        ) : null}
        {tab === 'Tests' && canEdit ? (
          <SimpleList
            empty="No tests"
            items={(course.tests ?? []).map((test) => ({
              key: test.documentId,
              primary: test.TestName,
              secondary: test.ValidFrom
                ? `${day(test.ValidFrom)} – ${day(test.ValidTo)}`
                : undefined,
            }))}
          />
        ) : null}
        {tab === 'Assignments' ? (
          <SimpleList
            empty="No assignments"
            items={(course.assignments ?? []).map((assignment) => ({
              key: assignment.documentId,
              primary: assignment.assignment_name,
              secondary: assignment.assignment_submission_date
                ? `Due ${day(assignment.assignment_submission_date)}`
                : undefined,
            }))}
          />
        ) : null}
      </Box>

      {editing ? (
        <Suspense fallback={null}>
          <CourseFormDialog
            course={course}
            onClose={() => setEditing(false)}
            onSaved={() => {
              dispatch(messageShown({ kind: 'success', text: 'Course saved.' }));
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirmDeactivate}
        title="Deactivate course?"
        message={`"${course.course_name}" will be hidden from course lists and learners. Its data is kept.`}
        confirmLabel="Deactivate"
        onClose={() => setConfirmDeactivate(false)}
        onConfirm={async () => {
          await deactivateCourse(course.documentId).unwrap();
          dispatch(messageShown({ kind: 'success', text: 'Course deactivated.' }));
          void navigate(paths.course);
        }}
      />
    </PageContainer>
  );
}
