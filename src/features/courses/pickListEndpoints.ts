// The short lists that pickers and filters of many areas choose from: test categories and
// languages, batches, faculty, subjects and a learner search. Other features use the hooks
// through courses/index.ts; `optionsOf` (store/queryState.ts) turns a result into picker options.
import { api } from '../../store/api';
import type { StrapiList } from '../../lib/strapi';
import type { QueryError } from '../../store/api';
import { coursesUrls } from './coursesUrls';
import { SUBJECT_PICKER_PAGE_SIZE, subjectsUrls } from './subjectsUrls';
import type {
  BatchRef,
  FacultyRef,
  StudentRef,
  Subject,
  TestCategory,
  TestLanguage,
} from './courseTypes';

const listOf = <T>(answer: StrapiList<T>) => answer.data;

export const pickListEndpoints = api.injectEndpoints({
  endpoints: (build) => {
    /** A short list the server answers whole, cached under its tag. */
    const wholeList = <T>(
      url: string,
      tag: { type: 'Category' | 'Batch' | 'Faculty'; id: string },
    ) =>
      build.query<T[], void>({
        query: () => url,
        transformResponse: listOf<T>,
        providesTags: [tag],
      });
    return {
      testCategoryOptions: wholeList<TestCategory>(coursesUrls.testCategories, {
        type: 'Category',
        id: 'LIST',
      }),
      testLanguageOptions: wholeList<TestLanguage>(coursesUrls.testLanguages, {
        type: 'Category',
        id: 'LANGUAGES',
      }),
      batchOptions: wholeList<BatchRef>(coursesUrls.batches, { type: 'Batch', id: 'LIST' }),
      facultyOptions: wholeList<FacultyRef>(coursesUrls.faculties, { type: 'Faculty', id: 'LIST' }),
      subjectOptions: build.query<Subject[], void>({
        // Every subject: page 1, then the other pages two at a time.
        async queryFn(_arg, _api, _extra, baseQuery) {
          const pageOf = async (page: number) => {
            const answer = await baseQuery(
              subjectsUrls.subjectList(page, '', SUBJECT_PICKER_PAGE_SIZE),
            );
            if (answer.error) throw answer.error;
            return answer.data as StrapiList<Subject>;
          };
          try {
            const first = await pageOf(1);
            const pageCount = first.meta.pagination?.pageCount ?? 1;
            const subjects = [...first.data];
            for (let page = 2; page <= pageCount; page += 2) {
              const pages = [page, page + 1].filter((p) => p <= pageCount);
              const answers = await Promise.all(pages.map(pageOf));
              for (const answer of answers) subjects.push(...answer.data);
            }
            return { data: subjects };
          } catch (error: unknown) {
            return { error: error as QueryError };
          }
        },
        providesTags: [{ type: 'Subject', id: 'LIST' }],
      }),
      studentSearch: build.query<StudentRef[], string>({
        query: (name) => coursesUrls.studentSearch(name),
        transformResponse: listOf<StudentRef>,
        providesTags: [{ type: 'Learner', id: 'LIST' }],
      }),
    };
  },
});

export const {
  useTestCategoryOptionsQuery,
  useTestLanguageOptionsQuery,
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useSubjectOptionsQuery,
  useStudentSearchQuery,
} = pickListEndpoints;
