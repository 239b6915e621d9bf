// Strapi 5-shaped records of the course area, and msw helpers that record what was asked.
import { http, HttpResponse } from 'msw';
import type { SessionUser } from '../../src/session/sessionTypes';
import { server } from '../msw/server';

export const facultyUser: SessionUser = {
  id: 2,
  documentId: 'faculty-user-doc',
  username: 'faculty1',
  email: 'faculty1@demo.test',
  UserRole: 'Faculty',
  role: { id: 4, name: 'Faculty', type: 'faculty' },
  student: null,
  faculty: { id: 7, documentId: 'fac-7', FacultyName: 'Dr. Meera Iyer' },
  userAvatar: null,
};

export const categories = [
  { id: 1, documentId: 'cat-upsc', CategoryName: 'UPSC' },
  { id: 2, documentId: 'cat-ssc', CategoryName: 'SSC' },
];

export const languages = [{ id: 1, documentId: 'lang-en', LanguageName: 'English' }];

export function course(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: index,
    documentId: `course-${index}`,
    course_name: `Course ${index}`,
    course_description: `About course ${index}`,
    is_public: index % 2 === 0,
    is_active: true,
    course_image: null,
    test_category: categories[0],
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

export function pagination(page: number, pageSize: number, total: number) {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}

export function list<T>(data: T[], meta = pagination(1, 100, data.length)) {
  return { data, meta: { pagination: meta } };
}

export const topicA = {
  id: 31,
  documentId: 'topic-a',
  topic_name: 'Fundamental rights',
  topic_description: 'Articles 12 to 35',
  topic_material: [
    { id: 501, name: 'rights.pdf', url: '/uploads/rights.pdf', mime: 'application/pdf' },
  ],
  youtube_videos: [
    {
      id: 41,
      documentId: 'video-1',
      title: 'Rights explained',
      url: 'https://youtu.be/abcdefghijk',
    },
  ],
};

export const topicB = {
  id: 32,
  documentId: 'topic-b',
  topic_name: 'Directive principles',
  topic_description: '',
  topic_material: [],
  youtube_videos: [],
};

export const polity = {
  id: 21,
  documentId: 'subject-polity',
  SubjectName: 'Polity',
  subject_code: 'POL',
  topics: [topicA, topicB],
};

export const history = {
  id: 22,
  documentId: 'subject-history',
  SubjectName: 'History',
  subject_code: 'HIS',
  topics: [],
};

export function courseDetail(extra: Record<string, unknown> = {}) {
  return {
    ...course(1),
    course_outcome: 'Clear the prelims',
    course_requirements: 'A graduate degree',
    test_language: languages[0],
    subjects: [polity, history],
    batches: [
      {
        id: 61,
        documentId: 'batch-1',
        Batch: 'Morning batch',
        batch_start_date: '2026-01-10',
        batch_end_date: '2026-06-30',
      },
    ],
    faculties: [{ id: 7, documentId: 'fac-7', FacultyName: 'Dr. Meera Iyer' }],
    students: [],
    tests: [{ id: 71, documentId: 'test-1', TestName: 'Polity mock 1' }],
    assignments: [{ id: 81, documentId: 'asg-1', assignment_name: 'Essay on rights' }],
    ...extra,
  };
}

/** Answers GET /api/test-categories and records nothing. */
export function serveCategories() {
  server.use(http.get('*/api/test-categories', () => HttpResponse.json(list(categories))));
}

export function strapiError(status: number, message: string, name = 'ValidationError') {
  return HttpResponse.json({ data: null, error: { status, name, message } }, { status });
}
