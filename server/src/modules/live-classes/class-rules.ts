import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentCaller, type UserCaller } from '../../access/caller';
import { isRecord } from '../../access/model';
import { collectRefs, isEmptyRefs, singleRef } from '../../access/refs';
import { writeScope } from '../../access/rules';
import type { Refs } from '../../access/visibility';
import { CLASS_UID, type LiveClass } from './classes';

/**
 * The input rules of a live class (issue 21) on the document service, so REST and GraphQL share
 * them; they run for signed-in callers (the server's own code, e.g. the seed, is trusted):
 * a name; a start that is not in the past (an unchanged start may be); 5 to 600 minutes; a Zoom
 * meeting number of 9 to 11 digits, or an https:// join link; an audience (batches, a course, or
 * public). Faculty schedule only for their own courses and batches (403). The legacy
 * `meeting_url` is taken as the join link when no join_url is sent.
 */
type Data = Record<string, unknown>;
type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

export const MESSAGES = {
  name: 'Name the class.',
  past: 'The start is in the past.',
  start: 'Choose when the class starts.',
  duration: 'A class lasts 5 to 600 minutes.',
  meeting: 'A Zoom meeting number has 9 to 11 digits.',
  link: 'A join link is an https:// address.',
  recording: 'A recording link is an https:// address.',
  provider: 'The provider is zoom or link.',
  passcode: 'A Zoom passcode has at most 10 characters.',
  audience: 'Choose the batches, a course, or make the class public.',
  notYours: 'You can schedule classes only for your own courses and batches.',
} as const;

/** A class as stored (before a write), with the ids its audience checks need. */
export type StoredClass = Pick<
  LiveClass,
  | 'id'
  | 'documentId'
  | 'date'
  | 'duration_minutes'
  | 'is_public'
  | 'cancelled'
  | 'meeting_number'
  | 'passcode'
  | 'join_url'
  | 'meeting_url'
> & {
  name: string | null;
  provider: string | null;
  course: { id: number } | null;
  batches: Array<{ id: number }>;
};

export const loadStored = async (
  strapi: Core.Strapi,
  documentId: string | undefined,
): Promise<StoredClass | null> =>
  documentId
    ? ((await strapi.db.query(CLASS_UID as QueryUid).findOne({
        where: { documentId },
        populate: { course: { select: ['id'] }, batches: { select: ['id'] } },
      })) as StoredClass | null)
    : null;

const isHttps = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const ms = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const time = new Date(value as string).getTime();
  return Number.isNaN(time) ? null : time;
};

/** The checks of one field each; the data comes back normalised. */
const checkFields = (action: string, data: Data, stored: StoredClass | null): Data => {
  const next: Data = { ...data };
  if (action === 'create' || 'name' in data) {
    const name = text(data.name);
    if (!name) {
      throw new errors.ValidationError(MESSAGES.name);
    }
    next.name = name;
  }
  if (action === 'create' || 'date' in data) {
    const start = ms(data.date);
    if (start === null) {
      throw new errors.ValidationError(MESSAGES.start);
    }
    const unchanged = stored !== null && ms(stored.date) === start;
    if (!unchanged && start < Date.now()) {
      throw new errors.ValidationError(MESSAGES.past);
    }
    next.date = new Date(start).toISOString();
  }
  if ('duration_minutes' in data || action === 'create') {
    const minutes = data.duration_minutes ?? (action === 'create' ? 60 : null);
    if (!Number.isInteger(Number(minutes)) || Number(minutes) < 5 || Number(minutes) > 600) {
      throw new errors.ValidationError(MESSAGES.duration);
    }
    next.duration_minutes = Number(minutes);
  }
  if ('provider' in data && data.provider !== 'zoom' && data.provider !== 'link') {
    throw new errors.ValidationError(MESSAGES.provider);
  }
  if ('meeting_number' in data) {
    next.meeting_number =
      typeof data.meeting_number === 'string' || typeof data.meeting_number === 'number'
        ? String(data.meeting_number).replace(/[\s-]/g, '') || null
        : null;
  }
  if ('passcode' in data) {
    const passcode = typeof data.passcode === 'string' ? data.passcode.trim() : '';
    if (passcode.length > 10) {
      throw new errors.ValidationError(MESSAGES.passcode);
    }
    next.passcode = passcode || null;
  }
  if (!('join_url' in data) && text(data.meeting_url)) {
    next.join_url = text(data.meeting_url);
  }
  if ('join_url' in data || 'join_url' in next) {
    const url = text(next.join_url);
    if (url && !isHttps(url)) {
      throw new errors.ValidationError(MESSAGES.link);
    }
    next.join_url = url;
  }
  if ('recording_url' in data) {
    const url = text(data.recording_url);
    if (url && !isHttps(url)) {
      throw new errors.ValidationError(MESSAGES.recording);
    }
    next.recording_url = url;
  }
  return next;
};

const batchCountAfter = (value: unknown, stored: StoredClass | null): number => {
  if (value === undefined) {
    return stored?.batches.length ?? 0;
  }
  if (isRecord(value) && !('set' in value) && ('connect' in value || 'disconnect' in value)) {
    const removed = collectRefs(value.disconnect ?? [], 'batches');
    const added = collectRefs(value.connect ?? [], 'batches');
    return Math.max(
      0,
      (stored?.batches.length ?? 0) +
        added.ids.length +
        added.documentIds.length -
        removed.ids.length -
        removed.documentIds.length,
    );
  }
  const refs = collectRefs(value ?? [], 'batches');
  return refs.ids.length + refs.documentIds.length;
};

/** The class as it will be: how it is joined and who it is for. */
const checkWhole = (data: Data, stored: StoredClass | null): void => {
  const provider = (data.provider ?? stored?.provider ?? 'link') as string;
  const meeting = 'meeting_number' in data ? data.meeting_number : stored?.meeting_number;
  if (provider === 'zoom' && !/^\d{9,11}$/.test(typeof meeting === 'string' ? meeting : '')) {
    throw new errors.ValidationError(MESSAGES.meeting);
  }
  const link = 'join_url' in data ? data.join_url : (stored?.join_url ?? stored?.meeting_url);
  if (provider === 'link' && !(typeof link === 'string' && isHttps(link))) {
    throw new errors.ValidationError(MESSAGES.link);
  }
  const course = 'course' in data ? data.course : stored?.course;
  const hasCourse =
    course !== null && course !== undefined && !(Array.isArray(course) && !course.length);
  const isPublic = 'is_public' in data ? data.is_public === true : stored?.is_public === true;
  if (!isPublic && !hasCourse && batchCountAfter(data.batches, stored) === 0) {
    throw new errors.ValidationError(MESSAGES.audience);
  }
};

const match = (refs: Refs): Data => ({
  $or: [
    ...(refs.ids.length > 0 ? [{ id: { $in: refs.ids } }] : []),
    ...(refs.documentIds.length > 0 ? [{ documentId: { $in: refs.documentIds } }] : []),
  ],
});

const countOwn = async (strapi: Core.Strapi, uid: string, refs: Refs, facultyId: number) =>
  (await strapi.db.query(uid as QueryUid).count({
    where: { $and: [match(refs), { faculties: { id: facultyId } }] },
  })) as number;

/** A faculty member names only courses and batches they teach (their own scope on update). */
const checkFaculty = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  action: string,
  data: Data,
  stored: StoredClass | null,
): Promise<void> => {
  const me = caller.facultyId ?? -1;
  if (action === 'update') {
    const scope = await writeScope(caller, CLASS_UID);
    const mine = await strapi.db.query(CLASS_UID as QueryUid).findOne({
      where: { $and: [{ id: stored?.id ?? -1 }, scope ?? {}] },
      select: ['id'],
    });
    if (!mine) {
      throw new errors.NotFoundError();
    }
  }
  const course = data.course !== undefined ? singleRef(data.course, 'course') : null;
  if (course && (await countOwn(strapi, 'api::course.course', course, me)) !== 1) {
    throw new errors.PolicyError(MESSAGES.notYours);
  }
  const batches = data.batches !== undefined ? collectRefs(data.batches, 'batches') : null;
  const named = batches ? batches.ids.length + batches.documentIds.length : 0;
  if (batches && named > 0 && (await countOwn(strapi, 'api::batch.batch', batches, me)) !== named) {
    throw new errors.PolicyError(MESSAGES.notYours);
  }
  if (action === 'create' && !course && (!batches || isEmptyRefs(batches))) {
    throw new errors.PolicyError(MESSAGES.notYours);
  }
};

/** Checks a signed-in caller's class write; answers the data to write. */
export const checkClassWrite = async (
  strapi: Core.Strapi,
  action: 'create' | 'update',
  input: unknown,
  stored: StoredClass | null,
): Promise<Data | null> => {
  const caller = await currentCaller(strapi);
  if (caller.kind !== 'user' || !isRecord(input) || (action === 'update' && !stored)) {
    // Not a signed-in caller's write, or an unknown class (the document guard answers 404).
    return null;
  }
  if (caller.role === 'faculty') {
    await checkFaculty(strapi, caller, action, input, stored);
  }
  const data = checkFields(action, input, stored);
  checkWhole(data, stored);
  return data;
};
