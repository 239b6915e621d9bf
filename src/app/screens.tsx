// Every screen of the full layout once: its path, menu entry and the roles that may open it.
// The server enforces who may call what; this table only decides what the SPA shows.
import type { ComponentType, ReactNode } from 'react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SubjectOutlined from '@mui/icons-material/SubjectOutlined';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import type { RoleKind } from '../features/session/sessionTypes';
import { lazyScreen } from './lazyScreen';
import { paths } from './paths';

export interface Screen {
  id: string;
  title: string;
  /** Where the menu links to. */
  path: string;
  /** The route pattern (nested areas end in /*). */
  routePath: string;
  icon: ReactNode;
  roles: readonly RoleKind[];
  Component: ComponentType;
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
    icon: <SchoolOutlined />,
    roles: everyone,
    Component: lazyScreen(() => import('../features/courses/CoursesPage'), 'CoursesPage'),
  },
  {
    id: 'testcorner',
    title: 'Test Corner',
    path: paths.testCorner,
    routePath: paths.testCorner,
    icon: <QuizOutlined />,
    roles: everyone,
    Component: lazyScreen(() => import('../features/tests/TestCornerPage'), 'TestCornerPage'),
  },
  {
    id: 'assignment',
    title: 'Assignments',
    path: paths.assignment,
    routePath: paths.assignment,
    icon: <AssignmentOutlined />,
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
    icon: <LibraryBooksOutlined />,
    roles: staff,
    Component: lazyScreen(
      () => import('../features/questions/QuestionPoolPage'),
      'QuestionPoolPage',
    ),
  },
  {
    id: 'subjects',
    title: 'Subjects',
    path: paths.subjects,
    routePath: paths.subjects,
    icon: <SubjectOutlined />,
    roles: staff,
    Component: lazyScreen(() => import('../features/courses/SubjectsPage'), 'SubjectsPage'),
  },
  {
    id: 'batches',
    title: 'Batches',
    path: paths.batches,
    routePath: paths.batches,
    icon: <WorkspacesOutlined />,
    roles: staff,
    Component: lazyScreen(() => import('../features/batches/BatchesPage'), 'BatchesPage'),
  },
  {
    id: 'learners',
    title: 'Learners',
    path: paths.learners,
    routePath: paths.learners,
    icon: <GroupsOutlined />,
    roles: staff,
    Component: lazyScreen(() => import('../features/learners/LearnersPage'), 'LearnersPage'),
  },
  {
    id: 'faculties',
    title: 'Faculties',
    path: paths.faculties,
    routePath: paths.faculties,
    icon: <MenuBookOutlined />,
    roles: admins,
    Component: lazyScreen(() => import('../features/faculties/FacultiesPage'), 'FacultiesPage'),
  },
  {
    id: 'users',
    title: 'Users',
    path: paths.users,
    routePath: paths.users,
    icon: <ManageAccountsOutlined />,
    roles: admins,
    Component: lazyScreen(() => import('../features/users/UsersPage'), 'UsersPage'),
  },
  {
    id: 'testSubCategory2',
    title: 'Sub-Categories',
    path: paths.testSubCategory2,
    routePath: paths.testSubCategory2,
    icon: <CategoryOutlined />,
    roles: admins,
    Component: lazyScreen(
      () => import('../features/tests/TestSubCategory2Page'),
      'TestSubCategory2Page',
    ),
  },
  {
    id: 'notifications',
    title: 'Notifications',
    path: paths.notifications,
    routePath: paths.notifications,
    icon: <NotificationsOutlined />,
    roles: everyone,
    Component: lazyScreen(
      () => import('../features/notifications/NotificationsPage'),
      'NotificationsPage',
    ),
  },
  {
    id: 'reports',
    title: 'Reports',
    path: paths.reports,
    routePath: paths.reports,
    icon: <AssessmentOutlined />,
    roles: staff,
    Component: lazyScreen(() => import('../features/reports/ReportsPage'), 'ReportsPage'),
  },
  {
    id: 'settings',
    title: 'Settings',
    path: paths.settings,
    routePath: paths.settings,
    icon: <SettingsOutlined />,
    roles: everyone,
    Component: lazyScreen(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  },
];

export const DEFAULT_MENU_ID = 'courses';

/** The menu item a path belongs to; Courses when none matches. */
export function menuIdForPath(pathname: string): string {
  const match = screens.find(
    (screen) => pathname === screen.path || pathname.startsWith(`${screen.path}/`),
  );
  return match?.id ?? DEFAULT_MENU_ID;
}
