// Every URL of faculties: the paged list (generic, with its links), create/edit/delete through
// the custom endpoints (the faculty's user account follows), import, and a faculty's users.
import { nameSearchUrl, strapiQuery } from '../../lib/strapi';

export const FACULTIES_PAGE_SIZE = 25;
export const FACULTIES_TEMPLATE_URL = '/uploads/templates/faculties-template.xlsx';

export interface LinkedBatch {
  id?: number;
  documentId: string;
  Batch: string;
}
export interface LinkedCourse {
  id?: number;
  documentId: string;
  course_name: string;
}
export interface LinkedSubject {
  id?: number;
  documentId: string;
  SubjectName: string;
}

export interface Faculty {
  documentId: string;
  FacultyName: string;
  faculty_email_id: string | null;
  faculty_mobile_number: string | null;
  faculty_address: string | null;
  faculty_joining_date: string | null;
  batches?: LinkedBatch[] | null;
  courses?: LinkedCourse[] | null;
  subjects?: LinkedSubject[] | null;
}

export interface FacultyPayload {
  FacultyName: string;
  faculty_email_id: string;
  faculty_mobile_number?: string;
  faculty_address?: string;
  faculty_joining_date?: string;
  batches: string[];
  courses: string[];
  subjects: string[];
}

export interface FacultyUser {
  id: number;
  username: string;
  email: string;
  avatar: { url: string } | null;
}

const byId = (documentId: string) => encodeURIComponent(documentId);

export const facultiesUrls = {
  page: (search: string, page: number) =>
    `/faculties?${strapiQuery([
      ['filters[FacultyName][$containsi]', search.trim()],
      ['populate[batches][fields][0]', 'Batch'],
      ['populate[courses][fields][0]', 'course_name'],
      ['populate[subjects][fields][0]', 'SubjectName'],
      ['sort', 'FacultyName:asc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', FACULTIES_PAGE_SIZE],
    ])}`,
  collection: '/faculties-custom',
  one: (documentId: string) => `/faculties-custom/${byId(documentId)}`,
  users: (documentId: string) => `/faculties-custom/${byId(documentId)}/users`,
  bulk: '/faculties-bulk',
  subjectSearch: (name: string) => nameSearchUrl('/subjects', 'SubjectName', name, 25),
};

export const facultiesImportMessage = (created: number) =>
  `${created} faculties added successfully`;
