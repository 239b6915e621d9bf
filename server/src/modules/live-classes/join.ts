import type { Core } from '@strapi/strapi';
import { asSystem, type Caller, type UserCaller } from '../../access/caller';
import { HttpError } from '../../platform/http/errors';
import { createRateLimiter, type RateLimiter } from '../../platform/limits/rate-limit';
import { NOT_CONFIGURED, sdkCredentials, signatureTtlSeconds, signaturesPerMinute } from './config';
import { ATTENDANCE_UID, linkOf, visibleClass, type LiveClass } from './classes';
import { assertJoinable } from './window';
import { signMeetingSdkJwt } from './zoom-signature';
import { HOST_NOTE, hostZak } from './zak';

/**
 * Joining a live class (issue 21): POST /api/zoom/signature (Zoom, in the portal's room) and
 * POST /api/live-classes/:documentId/join (a link, or the room's path). Both check that the caller
 * sees the class (the read scope), that it is not cancelled and that its join window is open;
 * a learner's join is recorded (attendance). Nothing here logs the SDK secret or the passcode.
 */
let limiter: { rule: number; limiter: RateLimiter } | null = null;

const rateLimiter = (strapi: Core.Strapi): RateLimiter => {
  const max = signaturesPerMinute();
  if (limiter?.rule !== max) {
    limiter = {
      rule: max,
      limiter: createRateLimiter(strapi.db.connection, {
        bucket: 'zoom-signature',
        windowMs: 60_000,
        maxPerSubject: max,
        subjectAcrossIps: true,
      }),
    };
  }
  return limiter.limiter;
};

const userOf = (caller: Caller): UserCaller => {
  if (caller.kind !== 'user' || caller.role === 'other') {
    throw new HttpError(403, 'Sign in to join a class.');
  }
  return caller;
};

const isLearner = (caller: UserCaller): boolean => caller.role === 'student';

/** One join of a learner, written by the server (no client writes attendance). */
export const recordAttendance = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  live: LiveClass,
  via: 'zoom' | 'link',
): Promise<void> => {
  if (!isLearner(caller)) {
    return;
  }
  await asSystem(() =>
    (
      strapi.documents(ATTENDANCE_UID as never) as unknown as {
        create(params: { data: Record<string, unknown> }): Promise<unknown>;
      }
    ).create({
      data: {
        class: live.documentId,
        student: caller.studentDocumentId,
        user: caller.userId,
        joined_at: new Date().toISOString(),
        via,
      },
    }),
  );
};

interface Account {
  username: string | null;
  email: string | null;
  student: { StudentName: string | null } | null;
  faculty: { FacultyName: string | null } | null;
}

const accountOf = async (strapi: Core.Strapi, userId: number): Promise<Account | null> =>
  (await strapi.db.query('plugin::users-permissions.user').findOne({
    where: { id: userId },
    select: ['username', 'email'],
    populate: {
      student: { select: ['StudentName'] },
      faculty: { select: ['FacultyName'] },
    },
  })) as Account | null;

export interface SignatureAnswer {
  signature: string;
  sdkKey: string;
  meetingNumber: string;
  passcode: string;
  userName: string;
  userEmail: string;
  role: 0 | 1;
  zak: string | null;
  hostNote: string | null;
}

export interface SignatureRequest {
  classId?: unknown;
  role?: unknown;
}

/** POST /api/zoom/signature. */
export const zoomSignature = async (
  strapi: Core.Strapi,
  anyCaller: Caller,
  body: SignatureRequest,
  ip: string,
): Promise<SignatureAnswer> => {
  const caller = userOf(anyCaller);
  if (typeof body.classId !== 'string' || !body.classId.trim()) {
    throw new HttpError(400, 'Name the class.');
  }
  const wanted = body.role === undefined || body.role === null ? 0 : Number(body.role);
  if (wanted !== 0 && wanted !== 1) {
    throw new HttpError(400, 'The role is 0 (attendee) or 1 (host).');
  }
  if (await rateLimiter(strapi).hit({ ip, subject: `user:${caller.userId}` })) {
    throw new HttpError(429, 'Too many join requests: wait a minute and try again.');
  }
  const live = await visibleClass(strapi, caller, body.classId);
  if (live.provider !== 'zoom') {
    throw new HttpError(400, 'This class is not held over Zoom: join it with its link.');
  }
  assertJoinable(live, new Date());
  if (wanted === 1 && isLearner(caller)) {
    throw new HttpError(403, 'Learners join a class as attendees.');
  }
  const credentials = sdkCredentials();
  if (!credentials) {
    throw new HttpError(503, NOT_CONFIGURED);
  }
  if (!live.meeting_number) {
    throw new HttpError(409, 'This class has no Zoom meeting number yet.');
  }
  let role: 0 | 1 = 0;
  let zak: string | null = null;
  let hostNote: string | null = null;
  if (wanted === 1) {
    zak = await hostZak((message) => strapi.log.warn(message));
    if (zak) {
      role = 1;
    } else {
      hostNote = HOST_NOTE;
    }
  }
  const account = await accountOf(strapi, caller.userId);
  const signature = signMeetingSdkJwt({
    ...credentials,
    meetingNumber: live.meeting_number,
    role,
    ttlSeconds: signatureTtlSeconds(),
  });
  await recordAttendance(strapi, caller, live, 'zoom');
  return {
    signature,
    sdkKey: credentials.sdkKey,
    meetingNumber: live.meeting_number,
    passcode: live.passcode ?? '',
    userName:
      account?.student?.StudentName ||
      account?.faculty?.FacultyName ||
      account?.username ||
      'Participant',
    userEmail: account?.email ?? '',
    role,
    zak,
    hostNote,
  };
};

/** POST /api/live-classes/:documentId/join: the link (recorded), or the Zoom room's SPA path. */
export const joinClass = async (
  strapi: Core.Strapi,
  anyCaller: Caller,
  documentId: unknown,
): Promise<{ url: string }> => {
  const caller = userOf(anyCaller);
  const live = await visibleClass(strapi, caller, documentId);
  assertJoinable(live, new Date());
  if (live.provider === 'zoom') {
    return { url: `/zoom/${encodeURIComponent(live.documentId)}` };
  }
  const url = linkOf(live);
  if (!url) {
    throw new HttpError(409, 'This class has no join link yet.');
  }
  await recordAttendance(strapi, caller, live, 'link');
  return { url };
};
