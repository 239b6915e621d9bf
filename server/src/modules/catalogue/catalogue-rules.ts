import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { DocumentContext, DocumentNext } from '../../platform/db/document-middleware';

/**
 * Catalogue transitions and input rules on the document service, so REST and GraphQL share them:
 * - a course needs a name; creating a course, or giving it subjects, makes one course-content row
 *   per subject it lacks, in the same transaction as the course write (a failure leaves nothing);
 * - a YouTube video needs a title and a YouTube video link, stored as https://www.youtube.com/watch?v=ID.
 */
const COURSE = 'api::course.course';
const COURSE_CONTENT = 'api::course-content.course-content';
const VIDEO = 'api::youtube-video.youtube-video';

export const VIDEO_URL_MESSAGE =
  'Enter a YouTube video link (youtube.com/watch?v=… or youtu.be/…).';

type Data = Record<string, unknown>;

const VIDEO_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be', 'm.youtu.be']);

/** The video id of a YouTube video link, or null. */
export const youtubeVideoId = (input: unknown): string | null => {
  if (typeof input !== 'string') {
    return null;
  }
  const text = input.trim();
  if (!text || /\s/.test(text)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (SHORT_HOSTS.has(host)) {
    id = parts.length === 1 ? parts[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') {
      id = url.searchParams.get('v');
    } else if (parts.length === 2 && (parts[0] === 'embed' || parts[0] === 'shorts')) {
      id = parts[1];
    }
  }
  return id && VIDEO_ID.test(id) ? id : null;
};

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const videoInput = (action: string, data: Data): Data => {
  const next = { ...data };
  if (action === 'create' || 'title' in data) {
    if (isBlank(data.title)) {
      throw new errors.ValidationError('Enter the title of the video.');
    }
    next.title = (data.title as string).trim();
  }
  if (action === 'create' || 'url' in data) {
    const id = youtubeVideoId(data.url);
    if (!id) {
      throw new errors.ValidationError(VIDEO_URL_MESSAGE);
    }
    next.url = `https://www.youtube.com/watch?v=${id}`;
  }
  return next;
};

const courseInput = (action: string, data: Data): Data => {
  if (action === 'create' || 'course_name' in data) {
    if (isBlank(data.course_name)) {
      throw new errors.ValidationError('Enter the course name.');
    }
    return { ...data, course_name: (data.course_name as string).trim() };
  }
  return data;
};

/** One course-content row per subject of the course that has none yet. */
const ensureCourseContents = async (strapi: Core.Strapi, documentId: string): Promise<void> => {
  const course = (await strapi.db.query(COURSE).findOne({
    where: { documentId },
    select: ['id', 'documentId'],
    populate: { subjects: { select: ['id', 'documentId'] } },
  })) as { id: number; subjects?: Array<{ id: number; documentId: string }> } | null;
  if (!course || !course.subjects?.length) {
    return;
  }
  const contents = (await strapi.db.query(COURSE_CONTENT).findMany({
    where: { course: { id: course.id } },
    select: ['id'],
    populate: { subject: { select: ['id'] } },
  })) as Array<{ subject?: { id: number } | null }>;
  const covered = new Set(contents.map((row) => row.subject?.id));
  for (const subject of course.subjects) {
    if (!covered.has(subject.id)) {
      await strapi.documents(COURSE_CONTENT).create({
        data: { course: documentId, subject: subject.documentId } as never,
      });
      covered.add(subject.id);
    }
  }
};

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const createCatalogueRules =
  (strapi: Core.Strapi) =>
  async (context: DocumentContext, next: DocumentNext): Promise<unknown> => {
    const { uid, action, params } = context;
    if (action !== 'create' && action !== 'update') {
      return next();
    }
    if (uid === VIDEO && isRecord(params.data)) {
      params.data = videoInput(action, params.data);
      return next();
    }
    if (uid !== COURSE || !isRecord(params.data)) {
      return next();
    }
    const data = courseInput(action, params.data);
    params.data = data;
    if (action === 'update' && !('subjects' in data)) {
      return next();
    }
    return strapi.db.transaction(async () => {
      const result = (await next()) as { documentId?: string } | null;
      const documentId = result?.documentId ?? params.documentId;
      if (documentId) {
        await ensureCourseContents(strapi, documentId);
      }
      return result;
    });
  };
