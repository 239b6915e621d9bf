// Every URL of learners: the paged search, create/edit, delete many, import and export.
import { strapiQuery } from '../../lib/strapi';

export const LEARNERS_PAGE_SIZE = 25;
export const LEARNERS_TEMPLATE_URL = '/uploads/templates/learners-template.xlsx';
export const EXPORT_FILE_NAME = 'students.xlsx';

export interface LearnerBatch {
  documentId: string;
  Batch: string;
}

export interface Learner {
  documentId: string;
  StudentName: string;
  Roll_Number: string | null;
  student_email: string | null;
  student_mobile_number: string | null;
  student_enrollment_date: string | null;
  batches: LearnerBatch[];
  user: { id: number; username: string; blocked: boolean } | null;
}

export interface LearnerPayload {
  StudentName: string;
  student_email: string;
  student_mobile_number?: string;
  Roll_Number?: string;
  student_enrollment_date?: string;
  batches: string[];
}

export interface LearnerQuery {
  search: string;
  batchId: string;
  page: number;
}

const byId = (documentId: string) => encodeURIComponent(documentId);

export const learnersUrls = {
  page: ({ search, batchId, page }: LearnerQuery, pageSize = LEARNERS_PAGE_SIZE) =>
    `/students-custom/paginated?${strapiQuery([
      ['search', search.trim()],
      ['batchId', batchId],
      ['page', page],
      ['pageSize', pageSize],
    ])}`,
  create: '/students-custom',
  one: (documentId: string) => `/students-custom/${byId(documentId)}`,
  remove: '/students-custom/delete',
  bulk: '/learners-bulk',
  export: (search: string, batchId: string) => {
    const query = strapiQuery([
      ['search', search.trim()],
      ['batchId', batchId],
    ]);
    return query ? `/learners-export?${query}` : '/learners-export';
  },
};

export const learnersImportMessage = (created: number) =>
  created > 0 ? `${created} learner(s) imported successfully` : 'No learner(s) imported';
