// The schedule form's values, its checks (the server's own words, issue 21 contract) and the
// payload it sends. The start is typed in the viewer's time zone and sent as an ISO instant.
import type { Problems } from '../../components/form/RecordFormDialog';
import { fromLocalInput, toLocalInput } from './liveClassTime';
import type {
  LiveClass,
  LiveClassBatch,
  LiveClassCourse,
  LiveClassPayload,
  LiveClassProvider,
} from './liveClassesTypes';

export const NOT_CONFIGURED = 'Live classes over Zoom are not configured on this server';

export const messages = {
  name: 'Name the class.',
  past: 'The start is in the past.',
  start: 'Choose when the class starts.',
  duration: 'A class lasts 5 to 600 minutes.',
  meeting: 'A Zoom meeting number has 9 to 11 digits.',
  link: 'A join link is an https:// address.',
  audience: 'Choose the batches, a course, or make the class public.',
} as const;

export interface LiveClassValues {
  name: string;
  course: LiveClassCourse | null;
  batches: LiveClassBatch[];
  isPublic: boolean;
  /** datetime-local text, the viewer's time zone. */
  start: string;
  duration: string;
  provider: LiveClassProvider;
  meetingNumber: string;
  passcode: string;
  joinUrl: string;
  recordingUrl: string;
}

export function initialValues(record: LiveClass | null): LiveClassValues {
  return {
    name: record?.name ?? '',
    course: record?.course ?? null,
    batches: record?.batches ?? [],
    isPublic: record?.is_public ?? false,
    start: toLocalInput(record?.date),
    duration: record ? String(record.duration_minutes) : '60',
    provider: record?.provider ?? 'zoom',
    meetingNumber: record?.meeting_number ?? '',
    passcode: record?.passcode ?? '',
    joinUrl: record?.join_url ?? '',
    recordingUrl: record?.recording_url ?? '',
  };
}

const digits = (text: string) => text.replace(/[\s-]/g, '');

/** What is wrong, by field; the start may stay in the past when an edit leaves it unchanged. */
export function problemsOf(
  values: LiveClassValues,
  record: LiveClass | null,
  now = Date.now(),
): Problems {
  const problems: Problems = {};
  if (!values.name.trim()) problems.name = messages.name;
  const start = fromLocalInput(values.start);
  const unchanged = record !== null && values.start === toLocalInput(record.date);
  if (!start) problems.start = messages.start;
  else if (!unchanged && Date.parse(start) < now) problems.start = messages.past;
  const duration = Number(values.duration);
  if (!Number.isInteger(duration) || duration < 5 || duration > 600) {
    problems.duration = messages.duration;
  }
  if (values.provider === 'zoom' && !/^\d{9,11}$/.test(digits(values.meetingNumber))) {
    problems.meetingNumber = messages.meeting;
  }
  if (values.provider === 'link' && !/^https:\/\/\S+$/i.test(values.joinUrl.trim())) {
    problems.joinUrl = messages.link;
  }
  if (!values.isPublic && !values.course && values.batches.length === 0) {
    problems.audience = messages.audience;
  }
  return problems;
}

export function payloadOf(values: LiveClassValues): LiveClassPayload {
  const payload: LiveClassPayload = {
    name: values.name.trim(),
    date: fromLocalInput(values.start) ?? values.start,
    duration_minutes: Number(values.duration),
    course: values.course?.documentId ?? null,
    batches: values.isPublic ? [] : values.batches.map((batch) => batch.documentId),
    is_public: values.isPublic,
    provider: values.provider,
    recording_url: values.recordingUrl.trim() || null,
  };
  if (values.provider === 'zoom') {
    payload.meeting_number = digits(values.meetingNumber);
    payload.passcode = values.passcode.trim();
  } else {
    payload.join_url = values.joinUrl.trim();
  }
  return payload;
}
