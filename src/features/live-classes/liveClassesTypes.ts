// The shapes of live classes (issue 21; /tmp contract "Live classes"): the class record staff
// schedule, what a learner's upcoming list carries, the room's signature and attendance.

export type LiveClassProvider = 'zoom' | 'link';

export interface LiveClassCourse {
  documentId: string;
  course_name: string;
}

export interface LiveClassBatch {
  documentId: string;
  Batch: string;
}

/** A class as GET /api/classes answers it. Staff also get the meeting details; learners never. */
export interface LiveClass {
  id: number;
  documentId: string;
  name: string;
  /** ISO start. */
  date: string;
  duration_minutes: number;
  provider: LiveClassProvider;
  course: LiveClassCourse | null;
  batches: LiveClassBatch[];
  is_public: boolean;
  cancelled: boolean;
  recording_url: string | null;
  createdAt: string;
  updatedAt: string;
  meeting_number?: string | null;
  passcode?: string | null;
  join_url?: string | null;
}

/** What POST/PUT /api/classes take inside `{ data }`. */
export interface LiveClassPayload {
  name?: string;
  date?: string;
  duration_minutes?: number;
  course?: string | null;
  batches?: string[];
  is_public?: boolean;
  provider?: LiveClassProvider;
  meeting_number?: string;
  passcode?: string;
  join_url?: string;
  recording_url?: string | null;
  cancelled?: boolean;
}

/** The staff list's tabs: classes starting from now on, or before now. */
export type ClassWhen = 'upcoming' | 'past';

export interface LiveClassQuery {
  search: string;
  when: ClassWhen;
  page: number;
  /** The moment the tabs split at (ISO), fixed while the screen is open. */
  now: string;
}

/** One class of GET /api/live-classes/upcoming. */
export interface UpcomingClass {
  documentId: string;
  name: string;
  date: string;
  duration_minutes: number;
  endsAt: string;
  joinOpensAt: string;
  canJoinNow: boolean;
  provider: LiveClassProvider;
  cancelled: boolean;
  course: LiveClassCourse | null;
  recording_url: string | null;
}

export interface LiveClassesConfig {
  zoomConfigured: boolean;
}

/** POST /api/zoom/signature: what the Meeting SDK joins with. */
export interface ZoomSignature {
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

export interface AttendanceRow {
  studentDocumentId: string;
  name: string;
  email: string;
  rollNumber: string | null;
  present: boolean;
  firstJoinedAt: string | null;
  joins: number;
}

export interface AttendanceCounts {
  present: number;
  absent: number;
  total: number;
}

/** GET /api/live-classes/:documentId/attendance, with its counts beside the rows. */
export interface AttendanceSheet {
  class: { documentId: string; name: string; date: string };
  rows: AttendanceRow[];
  counts: AttendanceCounts;
}

/** One line of the learner's own history (GET /api/my-attendance). */
export interface MyAttendanceRow {
  class: { documentId: string; name: string; date: string; duration_minutes: number };
  joinedAt: string;
}
