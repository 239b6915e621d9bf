import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { HttpError } from '../../platform/http/errors';

/** A live class as this module reads it (through the document service: the caller's scope). */
export const CLASS_UID = 'api::class.class';
export const ATTENDANCE_UID = 'api::attendance.attendance';

export interface LiveClass {
  id: number;
  documentId: string;
  name: string;
  date: string | null;
  duration_minutes: number | null;
  provider: 'zoom' | 'link' | null;
  is_public: boolean | null;
  cancelled: boolean | null;
  meeting_number: string | null;
  passcode: string | null;
  join_url: string | null;
  meeting_url: string | null;
  recording_url: string | null;
  course: { id: number; documentId: string; course_name: string } | null;
  batches?: Array<{ id: number; documentId: string; Batch: string }>;
}

type Documents = {
  findOne(params: Record<string, unknown>): Promise<unknown>;
  findMany(params: Record<string, unknown>): Promise<unknown>;
};

export const classDocuments = (strapi: Core.Strapi): Documents =>
  strapi.documents(CLASS_UID as never) as unknown as Documents;

/**
 * The class `documentId` as the caller sees it: the document service adds the caller's read
 * scope (access/rules.ts), so a class of another batch is a 404 like one that does not exist.
 */
export const visibleClass = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
  withBatches = false,
): Promise<LiveClass> => {
  if (caller.kind !== 'user') {
    throw new HttpError(403, 'Sign in to join a class.');
  }
  if (typeof documentId !== 'string' || !documentId.trim()) {
    throw new HttpError(400, 'Name the class.');
  }
  const found = (await classDocuments(strapi).findOne({
    documentId: documentId.trim(),
    populate: {
      course: { fields: ['course_name'] },
      ...(withBatches ? { batches: { fields: ['Batch'] } } : {}),
    },
  })) as LiveClass | null;
  if (!found) {
    throw new HttpError(404, 'No such class.');
  }
  return found;
};

/** The class's join link: join_url, or the legacy meeting_url of an older row. */
export const linkOf = (live: LiveClass): string | null => live.join_url || live.meeting_url || null;

export const courseOf = (live: LiveClass) =>
  live.course ? { documentId: live.course.documentId, course_name: live.course.course_name } : null;
