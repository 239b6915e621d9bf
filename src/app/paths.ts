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

/** A test being taken: the full layout hides its chrome and idle sign-out waits. */
export function isExamPath(pathname: string): boolean {
  return pathname.startsWith(`${paths.testCorner}/attempt/`);
}
