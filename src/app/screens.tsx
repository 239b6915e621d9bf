// Every screen of the full layout once: its path, menu entry and the roles that may open it.
// The server enforces who may call what; this table only decides what the SPA shows.
import type { RoleKind } from '../session/sessionTypes';
import { lazyScreen, type LazyScreen } from '../lib/lazyScreen';
import { paths } from '../lib/paths';

export interface Screen {
  id: string;
  title: string;
  /** Where the menu links to. */
  path: string;
  /** The route pattern (nested areas end in /*). */
  routePath: string;
  roles: readonly RoleKind[];
  Component: LazyScreen;
}

const everyone: readonly RoleKind[] = ['admin', 'faculty', 'student'];
const staff: readonly RoleKind[] = ['admin', 'faculty'];
const admins: readonly RoleKind[] = ['admin'];

export const screens: readonly Screen[] = [
  {
    id: 'courses',
    title: 'Courses',
    path: paths.course,
    routePath: `${paths.course}/*`,
    roles: everyone,
    Component: lazyScreen(() => import('../features/courses/CoursesPage'), 'CoursesPage'),
  },
  {
    id: 'testcorner',
    title: 'Test Corner',
    path: paths.testCorner,
    routePath: `${paths.testCorner}/*`,
    roles: everyone,
    Component: lazyScreen(() => import('../features/mains/TestCornerArea'), 'TestCornerArea'),
  },
  {
    id: 'assignment',
    title: 'Assignments',
    path: paths.assignment,
    routePath: `${paths.assignment}/*`,
    roles: everyone,
    Component: lazyScreen(
      () => import('../features/assignments/AssignmentsPage'),
      'AssignmentsPage',
    ),
  },
  {
    id: 'questionpool',
    title: 'Question Pool',
    path: paths.questionPool,
    routePath: paths.questionPool,
    roles: staff,
    Component: lazyScreen(
      () => import('../features/question-bank/QuestionPoolPage'),
      'QuestionPoolPage',
    ),
  },
  {
    id: 'subjects',
    title: 'Subjects',
    path: paths.subjects,
    routePath: `${paths.subjects}/*`,
    roles: staff,
    Component: lazyScreen(() => import('../features/courses/SubjectsPage'), 'SubjectsPage'),
  },
  {
    id: 'batches',
    title: 'Batches',
    path: paths.batches,
    routePath: paths.batches,
    roles: staff,
    Component: lazyScreen(() => import('../features/batches/BatchesPage'), 'BatchesPage'),
  },
  {
    id: 'learners',
    title: 'Learners',
    path: paths.learners,
    routePath: paths.learners,
    roles: staff,
    Component: lazyScreen(() => import('../features/learners/LearnersPage'), 'LearnersPage'),
  },
  {
    id: 'faculties',
    title: 'Faculties',
    path: paths.faculties,
    routePath: paths.faculties,
    roles: admins,
    Component: lazyScreen(() => import('../features/faculties/FacultiesPage'), 'FacultiesPage'),
  },
  {
    id: 'users',
    title: 'Users',
    path: paths.users,
    routePath: paths.users,
    roles: admins,
    Component: lazyScreen(() => import('../features/users/UsersPage'), 'UsersPage'),
  },
  {
    id: 'testSubCategory2',
    title: 'Sub-Categories',
    path: paths.testSubCategory2,
    routePath: paths.testSubCategory2,
    roles: staff,
    Component: lazyScreen(
      () => import('../features/test-authoring/TestSubCategory2Page'),
      'TestSubCategory2Page',
    ),
  },
  {
    id: 'liveClasses',
    title: 'Live classes',
    path: paths.liveClasses,
    routePath: `${paths.liveClasses}/*`,
    roles: everyone,
    Component: lazyScreen(
      () => import('../features/live-classes/LiveClassesPage'),
      'LiveClassesPage',
    ),
  },
  {
    id: 'notifications',
    title: 'Notifications',
    path: paths.notifications,
    routePath: paths.notifications,
    roles: everyone,
    Component: lazyScreen(
      () => import('../features/notifications/NotificationsPage'),
      'NotificationsPage',
    ),
  },
  {
    // Before Reports: its exact path is the learner's own; /reports/progress/:id is staff's.
    id: 'myProgress',
    title: 'My progress',
    path: `${paths.reports}/progress`,
    routePath: `${paths.reports}/progress`,
    roles: ['student'],
    Component: lazyScreen(() => import('../features/reports/ProgressView'), 'MyProgressPage'),
  },
  {
    id: 'reports',
    title: 'Reports',
    path: paths.reports,
    routePath: `${paths.reports}/*`,
    roles: everyone,
    Component: lazyScreen(() => import('../features/reports/ReportsPage'), 'ReportsPage'),
  },
  {
    id: 'diagnostics',
    title: 'Diagnostics',
    path: paths.diagnostics,
    routePath: paths.diagnostics,
    roles: admins,
    Component: lazyScreen(
      () => import('../features/diagnostics/DiagnosticsPage'),
      'DiagnosticsPage',
    ),
  },
  {
    id: 'settings',
    title: 'Settings',
    path: paths.settings,
    routePath: paths.settings,
    roles: everyone,
    Component: lazyScreen(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  },
];

export const DEFAULT_MENU_ID = 'courses';

/** The screen a path belongs to, if any. */
export function screenForPath(pathname: string): Screen | undefined {
  return screens.find(
    (screen) =>
      pathname === screen.path ||
      (screen.routePath.endsWith('/*') && pathname.startsWith(`${screen.path}/`)),
  );
}

/** The menu item a path belongs to; Courses when none matches. */
export function menuIdForPath(pathname: string): string {
  return screenForPath(pathname)?.id ?? DEFAULT_MENU_ID;
}
