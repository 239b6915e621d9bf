// Every route of the SPA, written once (spec section 2).
export const paths = {
  root: '/',
  course: '/course',
  questionPool: '/questionpool',
  assignment: '/assignment',
  testCorner: '/testcorner',
  batches: '/batches',
  reports: '/reports',
  settings: '/settings',
  subjects: '/subjects',
  learners: '/learners',
  faculties: '/faculties',
  notifications: '/notifications',
  users: '/users',
  testSubCategory2: '/testSubCategory2',
  diagnostics: '/diagnostics',
  liveClasses: '/live-classes',
  zoom: '/zoom/:encodedUrl',
  auth: {
    root: '/auth',
    notFound: '/auth/404',
    login: '/auth/login',
    register: '/auth/register',
    signUp: '/auth/signUp',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
  },
} as const;

const part = (id: string) => encodeURIComponent(id);

/** The learner's test pages under /testcorner. */
export const examPaths = {
  start: (testId: string) => `${paths.testCorner}/${part(testId)}/start`,
  attempt: (attemptId: string) => `${paths.testCorner}/attempt/${part(attemptId)}`,
  result: (resultId: string) => `${paths.testCorner}/result/${part(resultId)}`,
} as const;

/** Staff test pages under /testcorner: a test's page, where its questions are edited. */
export const testPaths = {
  detail: (documentId: string) => `${paths.testCorner}/${part(documentId)}`,
  /** Preview as a learner (issue 26): no attempt is made. */
  preview: (documentId: string) => `${paths.testCorner}/${part(documentId)}/preview`,
} as const;

/** Mains work (assignments and Mains tests): staff pages, the learner's work page, results. */
export const mainsPaths = {
  assignment: (documentId: string) => `${paths.assignment}/${part(documentId)}`,
  assignmentWork: (documentId: string) => `${paths.assignment}/${part(documentId)}/work`,
  testWork: (documentId: string) => `${paths.testCorner}/mains/${part(documentId)}`,
  /** The results of one work (`?kind=&work=`), as the reports screen reads its query. */
  results: (kind: 'test' | 'assignment', documentId: string) =>
    `${paths.reports}?kind=${kind}&work=${part(documentId)}`,
  script: (resultId: string) => `${paths.reports}/scripts/${part(resultId)}`,
  /** Re-check requests (issue 27): staff's queue, a learner's own. */
  rechecks: `${paths.reports}/rechecks`,
} as const;

/** A learner's progress (issue 22): the learner's own, or any learner's for staff. */
export const reportPaths = {
  myProgress: `${paths.reports}/progress`,
  progress: (studentDocumentId: string) => `${paths.reports}/progress/${part(studentDocumentId)}`,
} as const;

/** Live classes (issue 21): a class's attendance (staff) and its room (no layout, own tab). */
export const liveClassPaths = {
  attendance: (documentId: string) => `${paths.liveClasses}/${part(documentId)}/attendance`,
  room: (documentId: string) => `/zoom/${part(documentId)}`,
} as const;

/** A test being taken: the full layout hides its chrome and idle sign-out waits. */
export function isExamPath(pathname: string): boolean {
  return pathname.startsWith(`${paths.testCorner}/attempt/`);
}
