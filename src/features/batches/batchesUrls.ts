// Every URL of batches: the paged list, create/edit/delete, membership (PUT of the students
// list), moving and removing learners between batches, and the pickers' searches.
import { nameSearchUrl, strapiQuery } from '../../lib/strapi';

export const BATCHES_PAGE_SIZE = 25;
/** How many batches a batch select offers. */
export const BATCH_CHOICES_SIZE = 100;

export interface NamedRef {
  id?: number;
  documentId: string;
}

export interface CourseOption extends NamedRef {
  course_name: string;
}

export interface FacultyOption extends NamedRef {
  FacultyName: string;
}

export interface BatchRow {
  documentId: string;
  Batch: string;
  batch_start_date: string | null;
  batch_end_date: string | null;
  studentCount: number;
  courses: CourseOption[];
  faculties: FacultyOption[];
}

export interface BatchMember extends NamedRef {
  StudentName: string;
  student_email?: string | null;
  Roll_Number?: string | null;
}

export interface BatchPayload {
  Batch: string;
  batch_start_date: string | null;
  batch_end_date: string | null;
  courses: string[];
  faculties: string[];
}

const byId = (documentId: string) => encodeURIComponent(documentId);

export const batchesUrls = {
  page: (search: string, page: number, pageSize = BATCHES_PAGE_SIZE) =>
    `/batches-custom/paginated?${strapiQuery([
      ['search', search.trim()],
      ['page', page],
      ['pageSize', pageSize],
    ])}`,
  collection: '/batches',
  one: (documentId: string) => `/batches/${byId(documentId)}`,
  members: (documentId: string) =>
    `/batches/${byId(documentId)}?${strapiQuery([
      ['populate[students][fields][0]', 'StudentName'],
      ['populate[students][fields][1]', 'student_email'],
      ['populate[students][fields][2]', 'Roll_Number'],
    ])}`,
  learnerSearch: (name: string) =>
    `/students-custom/paginated?${strapiQuery([
      ['search', name.trim()],
      ['page', 1],
      ['pageSize', 25],
    ])}`,
  move: '/batches-custom/move',
  remove: '/batches-custom/remove',
  facultySearch: (name: string) => nameSearchUrl('/faculties', 'FacultyName', name, 25),
};
