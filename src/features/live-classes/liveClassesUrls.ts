// Where live classes live on the server (issue 21): the classes (staff CRUD), the learner-facing
// list, configuration, joining, the calendar file and attendance.
import { strapiQuery } from '../../lib/strapi';
import type { LiveClassQuery } from './liveClassesTypes';

export const LIVE_CLASSES_PAGE_SIZE = 10;
export const MY_ATTENDANCE_PAGE_SIZE = 20;
export const COURSE_CHOICES_SIZE = 20;

const byId = (documentId: string) => encodeURIComponent(documentId);

export const liveClassesUrls = {
  /** Upcoming: from `now` on, soonest first; past: before `now`, newest first. */
  page: ({ search, when, page, now }: LiveClassQuery) =>
    `/classes?${strapiQuery([
      ['filters[name][$containsi]', search.trim()],
      [when === 'upcoming' ? 'filters[date][$gte]' : 'filters[date][$lt]', now],
      ['sort', when === 'upcoming' ? 'date:asc' : 'date:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', LIVE_CLASSES_PAGE_SIZE],
      ['populate[course]', 'true'],
      ['populate[batches]', 'true'],
    ])}`,
  create: '/classes',
  one: (documentId: string) => `/classes/${byId(documentId)}`,
  upcoming: (course?: string) =>
    course
      ? `/live-classes/upcoming?${strapiQuery([['course', course]])}`
      : '/live-classes/upcoming',
  config: '/live-classes/config',
  join: (documentId: string) => `/live-classes/${byId(documentId)}/join`,
  signature: '/zoom/signature',
  calendar: (documentId: string) => `/live-classes/${byId(documentId)}/calendar`,
  attendance: (documentId: string) => `/live-classes/${byId(documentId)}/attendance`,
  attendanceExport: (documentId: string) => `/live-classes/${byId(documentId)}/attendance/export`,
  myAttendance: (page: number) =>
    `/my-attendance?${strapiQuery([
      ['page', page],
      ['pageSize', MY_ATTENDANCE_PAGE_SIZE],
    ])}`,
  /** The course picker's search (active courses by name). */
  courseChoices: (name: string) =>
    `/courses?${strapiQuery([
      ['filters[is_active][$eq]', 'true'],
      ['filters[course_name][$containsi]', name.trim()],
      ['sort', 'course_name:asc'],
      ['pagination[pageSize]', COURSE_CHOICES_SIZE],
    ])}`,
} as const;

/** A file name from a class's name (no path separators or control characters). */
export function fileNameOf(name: string, extension: string, prefix = ''): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim() || 'class';
  return `${prefix}${safe}.${extension}`;
}
