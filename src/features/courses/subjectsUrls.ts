// Subjects, topics and YouTube videos: every URL and query shape. The calls themselves are in
// subjectsEndpoints.ts (and the pickers' subject list in pickListEndpoints.ts).
import { listPairs, strapiQuery } from '../../lib/strapi';

export const SUBJECTS_PAGE_SIZE = 10;
/** Pickers read every subject in pages of 100 (spec section 9). */
export const SUBJECT_PICKER_PAGE_SIZE = 100;

const topicPopulate = [
  ['populate[topics][populate][topic_material]', 'true'],
  ['populate[topics][populate][youtube_videos]', 'true'],
] as const;

export const subjectsUrls = {
  subjects: '/subjects',
  subjectList: (page: number, search: string, pageSize = SUBJECTS_PAGE_SIZE) =>
    `/subjects?${strapiQuery([
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', pageSize],
      ['filters[SubjectName][$containsi]', search.trim()],
    ])}`,
  subjectsByIds: (ids: readonly string[]) =>
    `/subjects?${strapiQuery([
      ...listPairs('filters[documentId][$in]', ids),
      ['pagination[pageSize]', Math.max(ids.length, 1)],
      ...topicPopulate,
    ])}`,
  subject: (documentId: string) => `/subjects/${encodeURIComponent(documentId)}`,
  subjectDetail: (documentId: string) =>
    `/subjects/${encodeURIComponent(documentId)}?${strapiQuery(topicPopulate)}`,
  removeTopics: (documentId: string) => `/subjects/${encodeURIComponent(documentId)}/remove-topics`,
  topics: '/topics',
  topic: (documentId: string) => `/topics/${encodeURIComponent(documentId)}`,
  videos: '/youtube-videos',
  video: (documentId: string) => `/youtube-videos/${encodeURIComponent(documentId)}`,
} as const;
