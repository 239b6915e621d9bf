// Every URL of batches: the paged list, create/edit/delete, membership (PUT of the students
// list), moving and removing learners between batches.
import { apiClient } from '../../lib/apiClient';
import { strapiQuery, type StrapiList, type StrapiOne } from '../../lib/strapi';

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
  facultySearch: (name: string) =>
    `/faculties?${strapiQuery([
      ['filters[FacultyName][$containsi]', name.trim()],
      ['fields[0]', 'FacultyName'],
      ['sort', 'FacultyName:asc'],
      ['pagination[pageSize]', 25],
    ])}`,
};

export async function getBatchesPage(search: string, page: number): Promise<StrapiList<BatchRow>> {
  const { data } = await apiClient.get<StrapiList<BatchRow>>(batchesUrls.page(search, page));
  return data;
}

/** The batches offered by a batch select (the newest first). */
export async function getBatchChoices(): Promise<BatchRow[]> {
  const { data } = await apiClient.get<StrapiList<BatchRow>>(
    batchesUrls.page('', 1, BATCH_CHOICES_SIZE),
  );
  return data.data;
}

export async function searchBatches(name: string): Promise<BatchRow[]> {
  const { data } = await apiClient.get<StrapiList<BatchRow>>(batchesUrls.page(name, 1, 25));
  return data.data;
}

export async function createBatch(payload: BatchPayload): Promise<void> {
  await apiClient.post(batchesUrls.collection, { data: payload });
}

export async function updateBatch(documentId: string, payload: BatchPayload): Promise<void> {
  await apiClient.put(batchesUrls.one(documentId), { data: payload });
}

export async function deleteBatch(documentId: string): Promise<void> {
  await apiClient.delete(batchesUrls.one(documentId));
}

/** A batch's current learners. */
export async function getBatchMembers(documentId: string): Promise<BatchMember[]> {
  const { data } = await apiClient.get<StrapiOne<{ students?: BatchMember[] | null }>>(
    batchesUrls.members(documentId),
  );
  return data.data.students ?? [];
}

/** Replaces a batch's learners by this list. */
export async function putBatchStudents(documentId: string, studentIds: string[]): Promise<void> {
  await apiClient.put(batchesUrls.one(documentId), { data: { students: studentIds } });
}

/** Adds learners to a batch: its current members are read first, then the union is saved. */
export async function addToBatch(documentId: string, studentIds: string[]): Promise<number> {
  const current = (await getBatchMembers(documentId)).map((member) => member.documentId);
  const next = [...current, ...studentIds.filter((id) => !current.includes(id))];
  await putBatchStudents(documentId, next);
  return next.length - current.length;
}

export async function moveLearners(
  fromBatchId: string,
  toBatchId: string,
  studentIds: string[],
): Promise<number> {
  const { data } = await apiClient.post<{ data: { moved: number } }>(batchesUrls.move, {
    fromBatchId,
    toBatchId,
    studentIds,
  });
  return data.data.moved;
}

export async function removeLearners(batchId: string, studentIds: string[]): Promise<number> {
  const { data } = await apiClient.post<{ data: { removed: number } }>(batchesUrls.remove, {
    batchId,
    studentIds,
  });
  return data.data.removed;
}

export async function searchFaculties(name: string): Promise<FacultyOption[]> {
  const { data } = await apiClient.get<StrapiList<FacultyOption>>(batchesUrls.facultySearch(name));
  return data.data;
}

/** Learners found by name, email or roll number (the members picker). */
export async function searchLearnersForBatch(name: string): Promise<BatchMember[]> {
  const { data } = await apiClient.get<StrapiList<BatchMember>>(batchesUrls.learnerSearch(name));
  return data.data;
}
