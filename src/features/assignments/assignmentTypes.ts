// The assignment area's records as the SPA uses them (Strapi 5 flat records, numbers mapped).
import type {
  BatchRef,
  FacultyRef,
  Ref,
  StudentRef,
  Subject,
  TestCategory,
  TestLanguage,
} from '../courses';
import type { MediaFile } from '../media';
import type { CourseRef, TestSubCategory, TestSubCategory2 } from '../test-authoring';

/** An assignment as the list shows it. */
export interface Assignment extends Ref {
  assignment_name: string;
  assignment_description?: string | null;
  assignment_duration?: number | null;
  assignment_submission_date?: string | null;
  is_attempted?: boolean | null;
  MaximumMarks?: number | null;
  test_category?: TestCategory | null;
  test_sub_category?: TestSubCategory | null;
  test_sub_category_2?: TestSubCategory2 | null;
  course?: CourseRef | null;
  createdAt?: string;
}

/** An assignment with every relation (its page and its form). */
export interface AssignmentDetail extends Assignment {
  Attachments?: MediaFile[] | null;
  faculties?: FacultyRef[] | null;
  batch?: BatchRef | null;
  students?: StudentRef[] | null;
  test_language?: TestLanguage | null;
  subjects?: Subject[] | null;
}

/** What a create or update sends: relations by documentId, attachments by file id. */
export interface AssignmentPayload {
  assignment_name: string;
  assignment_description: string;
  assignment_duration: number | null;
  assignment_submission_date: string | null;
  MaximumMarks: number | null;
  test_category: string | null;
  test_sub_category: string | null;
  test_sub_category_2: string | null;
  Attachments: number[];
  faculties: string[];
  batch: string | null;
  students: string[];
  test_language: string | null;
  subjects: string[];
  course: string | null;
}
