// /testcorner for learners: the tests they may see, newest first, paged on the server, each with
// its status and what they may do now. (The learner's endpoint has no category filter.) In the
// learner's language (issue 24); the Mains section below is not translated yet.
import { useState } from 'react';
import { PagedList } from '../../components/data/PagedList';
import { PageContainer } from '../../components/layout/PageContainer';
import { useTranslation } from '../../lib/i18n';
import { MY_TESTS_PAGE_SIZE, useMyTestsQuery } from './examEndpoints';
import { MyTestItem } from './MyTestItem';
import { MainsTestsSection } from '../mains';

interface MyTestsListProps {
  courseId?: string | null;
  pageSize?: number;
  emptyText: string;
}

/** The list itself, shared by the test corner and a course's Tests tab. */
export function MyTestsList({
  courseId = null,
  pageSize = MY_TESTS_PAGE_SIZE,
  emptyText,
}: MyTestsListProps) {
  const { t } = useTranslation('exam');
  const [page, setPage] = useState(1);
  const query = useMyTestsQuery({ page, courseId, pageSize });
  return (
    <PagedList
      query={query}
      errorText={t('list.loadError')}
      label={t('list.label')}
      loadingLabel={t('list.loading')}
      keyOf={(test) => test.documentId}
      renderItem={(test) => <MyTestItem test={test} />}
      emptyText={emptyText}
      page={page}
      pageSize={pageSize}
      onPage={setPage}
    />
  );
}

export function LearnerTestList() {
  const { t } = useTranslation('exam');
  return (
    <PageContainer title={t('list.title')}>
      <MyTestsList emptyText={t('list.empty')} />
      <MainsTestsSection />
    </PageContainer>
  );
}

/** A course's Tests tab for a learner. */
export function CourseTestsPanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation('exam');
  return <MyTestsList courseId={courseId} pageSize={100} emptyText={t('list.emptyCourse')} />;
}
