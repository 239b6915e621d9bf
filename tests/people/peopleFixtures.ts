import type { Learner } from '../../src/features/learners/learnersUrls';
import type { SessionUser } from '../../src/session/sessionTypes';

export const facultyUser: SessionUser = {
  id: 2,
  documentId: 'faculty-doc',
  username: 'faculty1',
  email: 'faculty1@demo.test',
  UserRole: 'Faculty',
  role: { id: 4, name: 'Faculty', type: 'faculty' },
  student: null,
  faculty: null,
  userAvatar: null,
};

export function learner(n: number, overrides: Partial<Learner> = {}): Learner {
  return {
    documentId: `stu-${n}`,
    StudentName: `Learner ${n}`,
    Roll_Number: `R${n}`,
    student_email: `learner${n}@demo.test`,
    student_mobile_number: '9876543210',
    student_enrollment_date: null,
    batches: [],
    user: { id: 100 + n, username: `learner${n}@demo.test`, blocked: false },
    ...overrides,
  };
}

export function paged<T>(items: T[], page = 1, pageSize = 25, total = items.length) {
  return {
    data: items,
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
}

export const batchRows = [
  {
    documentId: 'batch-a',
    Batch: 'Morning 2026',
    batch_start_date: '2026-01-01',
    batch_end_date: '2026-12-31',
    studentCount: 2,
    courses: [],
    faculties: [],
  },
  {
    documentId: 'batch-b',
    Batch: 'Evening 2026',
    batch_start_date: null,
    batch_end_date: null,
    studentCount: 0,
    courses: [],
    faculties: [],
  },
];
