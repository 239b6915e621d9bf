// Subjects, their topics and the topics' videos through the one API (store/api.ts). The subject
// list and a subject's page provide the Subject tag; a write refreshes what it changed. Videos do
// not know their owner: the screen that shows them reads it again.
import { api } from '../../store/api';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import { subjectsUrls } from './subjectsUrls';
import { addVideo } from './addVideo';
import { recordOf, saveRequest, type Save } from './saveRequest';
import type {
  Subject,
  SubjectPayload,
  Topic,
  TopicCreatePayload,
  TopicUpdatePayload,
  VideoPayload,
  YoutubeVideo,
} from './courseTypes';

const SUBJECT_LIST = { type: 'Subject', id: 'LIST' } as const;
const SUBJECT_URLS = { collection: subjectsUrls.subjects, record: subjectsUrls.subject };
const TOPIC_URLS = { collection: subjectsUrls.topics, record: subjectsUrls.topic };
const VIDEO_URLS = { collection: subjectsUrls.videos, record: subjectsUrls.video };
const subjectTag = (documentId: string) => ({ type: 'Subject', id: documentId }) as const;

export const subjectsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of subjects, newest first, searched by name. */
    subjectList: build.query<StrapiList<Subject>, { page: number; search: string }>({
      query: ({ page, search }) => subjectsUrls.subjectList(page, search),
      providesTags: [SUBJECT_LIST],
    }),
    /** A subject with its topics, their materials and videos. */
    subjectDetail: build.query<Subject, string>({
      query: (documentId) => subjectsUrls.subjectDetail(documentId),
      transformResponse: recordOf<Subject>,
      providesTags: (_result, _error, documentId) => [subjectTag(documentId)],
    }),
    /** Creates (no documentId) or updates a subject. */
    saveSubject: build.mutation<Subject, Save<SubjectPayload>>({
      query: (save) => saveRequest(SUBJECT_URLS, save),
      transformResponse: recordOf<Subject>,
      invalidatesTags: (_result, _error, { documentId }) =>
        documentId ? [SUBJECT_LIST, subjectTag(documentId)] : [SUBJECT_LIST],
    }),
    deleteSubject: build.mutation<null, string>({
      query: (documentId) => ({ url: subjectsUrls.subject(documentId), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [SUBJECT_LIST],
    }),
    /** Removes topics from a subject (the server deletes them) in one call; answers how many. */
    removeTopics: build.mutation<number, { subjectId: string; topicIds: readonly string[] }>({
      query: ({ subjectId, topicIds }) => ({
        url: subjectsUrls.removeTopics(subjectId),
        method: 'POST',
        body: { topics: topicIds },
      }),
      transformResponse: (answer: StrapiOne<{ removed: number }>) => answer.data.removed,
      invalidatesTags: (_result, _error, { subjectId }) => [subjectTag(subjectId)],
    }),
    /** Creates a topic; the server appends it to its subject. */
    createTopic: build.mutation<Topic, TopicCreatePayload>({
      query: (payload) => saveRequest(TOPIC_URLS, { payload }),
      transformResponse: recordOf<Topic>,
      invalidatesTags: (_result, _error, { subject }) => [subjectTag(subject)],
    }),
    updateTopic: build.mutation<
      Topic,
      { documentId: string; subjectId: string; payload: TopicUpdatePayload }
    >({
      query: ({ documentId, payload }) => saveRequest(TOPIC_URLS, { documentId, payload }),
      transformResponse: recordOf<Topic>,
      invalidatesTags: (_result, _error, { subjectId }) => [subjectTag(subjectId)],
    }),
    /** Adds a video, then extends the topic's videos with it (the existing ones kept). */
    addTopicVideo: build.mutation<
      YoutubeVideo,
      {
        topic: Pick<Topic, 'documentId' | 'youtube_videos'>;
        subjectId: string;
        video: VideoPayload;
      }
    >({
      queryFn: ({ topic, video }, _api, _extra, baseQuery) =>
        addVideo(baseQuery, video, {
          url: subjectsUrls.topic(topic.documentId),
          videos: topic.youtube_videos,
        }),
      invalidatesTags: (_result, _error, { subjectId }) => [subjectTag(subjectId)],
    }),
    updateVideo: build.mutation<YoutubeVideo, { documentId: string; video: VideoPayload }>({
      query: ({ documentId, video }) => saveRequest(VIDEO_URLS, { documentId, payload: video }),
      transformResponse: recordOf<YoutubeVideo>,
    }),
    deleteVideo: build.mutation<null, string>({
      query: (documentId) => ({ url: subjectsUrls.video(documentId), method: 'DELETE' }),
      transformResponse: () => null,
    }),
  }),
});

export const {
  useSubjectListQuery,
  useSubjectDetailQuery,
  useSaveSubjectMutation,
  useDeleteSubjectMutation,
  useRemoveTopicsMutation,
  useCreateTopicMutation,
  useUpdateTopicMutation,
  useAddTopicVideoMutation,
  useUpdateVideoMutation,
  useDeleteVideoMutation,
} = subjectsEndpoints;
