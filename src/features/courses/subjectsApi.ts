// Subjects, topics and YouTube videos: every URL and query shape.
import { apiClient } from '../../lib/apiClient';
import { listPairs, strapiQuery, type StrapiList, type StrapiOne } from '../../lib/strapi';
import type {
  Subject,
  SubjectPayload,
  Topic,
  TopicCreatePayload,
  TopicUpdatePayload,
  VideoPayload,
  YoutubeVideo,
} from './courseTypes';

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

export async function getSubjectsPage(
  page: number,
  search: string,
  pageSize = SUBJECTS_PAGE_SIZE,
): Promise<StrapiList<Subject>> {
  const { data } = await apiClient.get<StrapiList<Subject>>(
    subjectsUrls.subjectList(page, search, pageSize),
  );
  return data;
}

/** Every subject, for pickers: page 1, then the other pages two at a time. */
export async function getAllSubjects(): Promise<Subject[]> {
  const first = await getSubjectsPage(1, '', SUBJECT_PICKER_PAGE_SIZE);
  const pageCount = first.meta.pagination?.pageCount ?? 1;
  const rest: Subject[][] = [];
  for (let page = 2; page <= pageCount; page += 2) {
    const batch = [page, page + 1].filter((p) => p <= pageCount);
    const answers = await Promise.all(
      batch.map((p) => getSubjectsPage(p, '', SUBJECT_PICKER_PAGE_SIZE)),
    );
    rest.push(...answers.map((answer) => answer.data));
  }
  return [...first.data, ...rest.flat()];
}

export async function getSubjectsByIds(ids: readonly string[]): Promise<Subject[]> {
  const { data } = await apiClient.get<StrapiList<Subject>>(subjectsUrls.subjectsByIds(ids));
  return data.data;
}

export async function getSubject(documentId: string): Promise<Subject> {
  const { data } = await apiClient.get<StrapiOne<Subject>>(subjectsUrls.subjectDetail(documentId));
  return data.data;
}

export async function postSubject(payload: SubjectPayload): Promise<Subject> {
  const { data } = await apiClient.post<StrapiOne<Subject>>(subjectsUrls.subjects, {
    data: payload,
  });
  return data.data;
}

export async function putSubject(documentId: string, payload: SubjectPayload): Promise<Subject> {
  const { data } = await apiClient.put<StrapiOne<Subject>>(subjectsUrls.subject(documentId), {
    data: payload,
  });
  return data.data;
}

export async function deleteSubject(documentId: string): Promise<void> {
  await apiClient.delete(subjectsUrls.subject(documentId));
}

export async function postRemoveTopics(
  subjectId: string,
  topicIds: readonly string[],
): Promise<number> {
  const { data } = await apiClient.post<StrapiOne<{ removed: number }>>(
    subjectsUrls.removeTopics(subjectId),
    { topics: topicIds },
  );
  return data.data.removed;
}

export async function postTopic(payload: TopicCreatePayload): Promise<Topic> {
  const { data } = await apiClient.post<StrapiOne<Topic>>(subjectsUrls.topics, { data: payload });
  return data.data;
}

export async function putTopic(documentId: string, payload: TopicUpdatePayload): Promise<Topic> {
  const { data } = await apiClient.put<StrapiOne<Topic>>(subjectsUrls.topic(documentId), {
    data: payload,
  });
  return data.data;
}

export async function deleteTopic(documentId: string): Promise<void> {
  await apiClient.delete(subjectsUrls.topic(documentId));
}

export async function postVideo(payload: VideoPayload): Promise<YoutubeVideo> {
  const { data } = await apiClient.post<StrapiOne<YoutubeVideo>>(subjectsUrls.videos, {
    data: payload,
  });
  return data.data;
}

export async function putVideo(documentId: string, payload: VideoPayload): Promise<YoutubeVideo> {
  const { data } = await apiClient.put<StrapiOne<YoutubeVideo>>(subjectsUrls.video(documentId), {
    data: payload,
  });
  return data.data;
}

export async function deleteVideo(documentId: string): Promise<void> {
  await apiClient.delete(subjectsUrls.video(documentId));
}
