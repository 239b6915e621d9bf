// The menu's icons, by screen id (kept out of the route table so the sign-in page does not load them).
import type { ReactNode } from 'react';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SubjectOutlined from '@mui/icons-material/SubjectOutlined';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';

export const menuIcons: Record<string, ReactNode> = {
  courses: <SchoolOutlined />,
  testcorner: <QuizOutlined />,
  assignment: <AssignmentOutlined />,
  questionpool: <LibraryBooksOutlined />,
  subjects: <SubjectOutlined />,
  batches: <WorkspacesOutlined />,
  learners: <GroupsOutlined />,
  faculties: <MenuBookOutlined />,
  users: <ManageAccountsOutlined />,
  testSubCategory2: <CategoryOutlined />,
  liveClasses: <VideocamOutlined />,
  notifications: <NotificationsOutlined />,
  myProgress: <ShowChartOutlined />,
  reports: <AssessmentOutlined />,
  diagnostics: <BugReportOutlined />,
  settings: <SettingsOutlined />,
};
