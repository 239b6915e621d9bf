// The assignment area's records as the SPA uses them (Strapi 5 flat records, numbers mapped); what
// they share with a test (categories, course, relations) is test-authoring's.
import type { WorkLinksPayload, WorkListed, WorkRelated } from '../test-authoring';

/** An assignment as the list shows it. */
export interface Assignment extends WorkListed {
  assignment_name: string;
  assignment_description?: string | null;
  assignment_duration?: number | null;
  assignment_submission_date?: string | null;
  is_attempted?: boolean | null;
}

/** An assignment with every relation (its page and its form). */
export interface AssignmentDetail extends Assignment, WorkRelated {}

/** What a create or update sends: relations by documentId, attachments by file id. */
export interface AssignmentPayload extends WorkLinksPayload {
  /** Sent on create only: a new assignment is a draft (issue 23). */
  status?: 'draft';
  assignment_name: string;
  assignment_description: string;
  assignment_duration: number | null;
  assignment_submission_date: string | null;
  MaximumMarks: number | null;
}
