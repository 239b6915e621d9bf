// /course: the courses of the signed-in person's role, newest first, paged and searched on the
// server, filtered by the category kept for this place (admin, faculty, student lists). Staff may
// list the deactivated courses instead ("Show deactivated") and reactivate one (issue 23).
import { lazy, Suspense, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import CardActions from '@mui/material/CardActions';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import { queryErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { paths } from '../../lib/paths';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { ListStates } from '../../components/feedback/ListStates';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { useListSearch } from '../../components/data/useListSearch';
import { selectRoleKind, selectUserInfo } from '../../session/sessionSlice';
import type { RoleKind } from '../../session/sessionTypes';
import {
  categorySelectionChanged,
  messageShown,
  selectCategorySelection,
  type CategoryScope,
} from '../../store/uiSlice';
import { UpcomingLiveClasses, useUpcomingLiveClassesQuery } from '../live-classes';
import { CategoryFilter } from './CategoryFilter';
import { courseImageUrl } from './courseImage';
import { useCourseListQuery, useReactivateCourseMutation } from './coursesEndpoints';
import type { Course } from './courseTypes';

const CourseFormDialog = lazy(() =>
  import('./CourseFormDialog').then((module) => ({ default: module.CourseFormDialog })),
);

const scopeOf: Record<RoleKind, CategoryScope> = {
  admin: 'courseList',
  faculty: 'facultyCourses',
  student: 'studentCourses',
};

const titleOf: Record<RoleKind, string> = {
  admin: 'Courses',
  faculty: 'My courses',
  student: 'My courses',
};

function CourseCard({ course, onReactivate }: { course: Course; onReactivate?: () => void }) {
  const image = courseImageUrl(course.course_image);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`${paths.course}/${course.documentId}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {image ? (
          <CardMedia component="img" height={140} image={image} alt="" />
        ) : (
          <Box
            sx={{ height: 140, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}
            aria-hidden
          >
            <SchoolOutlined fontSize="large" color="disabled" />
          </Box>
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {course.course_name}
          </Typography>
          {course.course_description ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {course.course_description}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            {course.test_category ? (
              <Chip size="small" label={course.test_category.CategoryName} />
            ) : null}
            {course.is_public ? <Chip size="small" color="success" label="Public" /> : null}
            {course.is_active === false ? (
              <Chip size="small" variant="outlined" label="Deactivated" />
            ) : null}
          </Box>
        </CardContent>
      </CardActionArea>
      {onReactivate ? (
        <CardActions>
          <Button
            size="small"
            onClick={onReactivate}
            aria-label={`Reactivate course ${course.course_name}`}
          >
            Reactivate
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

export function CourseListView() {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRoleKind);
  const user = useAppSelector(selectUserInfo);
  const scope = scopeOf[role];
  const { category } = useAppSelector(selectCategorySelection(scope));
  const { search: query, page, setPage, field: searchField } = useListSearch();
  const [creating, setCreating] = useState(false);
  const [deactivated, setDeactivated] = useState(false);
  const [reactivating, setReactivating] = useState<Course | null>(null);
  const [reactivateCourse] = useReactivateCourseMutation();

  const facultyId = role === 'faculty' ? (user?.faculty?.documentId ?? null) : null;
  const unlinkedFaculty = role === 'faculty' && !facultyId;
  const isStaff = role !== 'student';

  const list = useCourseListQuery(
    unlinkedFaculty
      ? skipToken
      : {
          page,
          search: query,
          categoryId: category,
          facultyId,
          deactivated: isStaff && deactivated,
        },
  );
  const courses = list.data?.data ?? [];
  const loading = list.isFetching;
  const error = list.isError
    ? queryErrorMessage(list.error, 'The courses could not be loaded.')
    : null;
  const pageCount = list.data?.meta.pagination?.pageCount ?? 0;
  // A learner's upcoming live classes stand above their courses (their landing screen). The page
  // below the title waits for that answer, so the block never appears above what is already
  // shown and pushes it down (issue 25: a layout shift of 0.18 on a phone).
  const upcoming = useUpcomingLiveClassesQuery(role === 'student' ? undefined : skipToken);
  const holding = role === 'student' && upcoming.isLoading;
  const filtered = Boolean(query || category || deactivated);

  return (
    <PageContainer
      title={titleOf[role]}
      actions={
        isStaff ? (
          <Button variant="contained" onClick={() => setCreating(true)}>
            New course
          </Button>
        ) : null
      }
    >
      {holding ? <Spinner label="Loading live classes" /> : null}
      {role === 'student' && !holding ? <UpcomingLiveClasses compact /> : null}
      <Box sx={holding ? { display: 'none' } : undefined}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ maxWidth: 360, flexGrow: 1 }}>
            <TextInput label="Search courses" {...searchField} />
          </Box>
          {isStaff ? (
            <FormControlLabel
              control={
                <Switch
                  checked={deactivated}
                  onChange={(event) => {
                    setDeactivated(event.target.checked);
                    setPage(1);
                  }}
                />
              }
              label="Show deactivated"
            />
          ) : null}
        </Box>
        <CategoryFilter
          selected={category}
          onChange={(id) => {
            dispatch(categorySelectionChanged({ scope, level: 'category', id }));
            setPage(1);
          }}
        />
        {unlinkedFaculty ? (
          <EmptyState
            title="Your account is not linked to a faculty record"
            description="Ask an administrator to link your user to your faculty record to see your courses."
          />
        ) : null}
        <ListStates
          count={courses.length}
          loading={!unlinkedFaculty && loading}
          loaded={!unlinkedFaculty && list.isSuccess}
          error={error}
          loadingLabel="Loading courses"
          empty={{
            title: deactivated
              ? 'No deactivated course'
              : filtered
                ? 'No course matches this search'
                : 'No courses yet',
            description: filtered
              ? 'Try another name or category.'
              : isStaff
                ? 'Create a course with New course.'
                : 'Courses open to you appear here.',
          }}
        />
        {!unlinkedFaculty && courses.length > 0 ? (
          <Box aria-busy={loading}>
            <Grid
              container
              spacing={2}
              component="ul"
              aria-label="Course list"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {courses.map((course) => (
                <Grid key={course.documentId} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                  <CourseCard
                    course={course}
                    onReactivate={
                      isStaff && course.is_active === false
                        ? () => setReactivating(course)
                        : undefined
                    }
                  />
                </Grid>
              ))}
            </Grid>
            {pageCount > 1 ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
                <Pagination
                  count={pageCount}
                  page={page}
                  onChange={(_event, value) => setPage(value)}
                  color="primary"
                />
              </Box>
            ) : null}
          </Box>
        ) : null}
      </Box>
      <ConfirmDialog
        open={reactivating !== null}
        title="Reactivate course?"
        message={
          <Box component="span">
            "{reactivating?.course_name ?? ''}" becomes active again: its learners see it and its
            tests again.
          </Box>
        }
        confirmLabel="Reactivate"
        onClose={() => setReactivating(null)}
        onConfirm={async () => {
          if (!reactivating) return;
          await reactivateCourse(reactivating.documentId).unwrap();
          dispatch(messageShown({ kind: 'success', text: 'Course reactivated.' }));
        }}
      />
      {creating ? (
        <Suspense fallback={null}>
          <CourseFormDialog
            onClose={() => setCreating(false)}
            onSaved={() => {
              dispatch(messageShown({ kind: 'success', text: 'Course created.' }));
              // The save refreshes every course list (its tag); the new course shows on page 1.
              setPage(1);
            }}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
