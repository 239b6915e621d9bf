import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const UID = 'api::course-content.course-content';

export const TOPIC_MISMATCH = 'The topic does not match this course content.';

const service = factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Clears the topic, its materials and its videos from a course content, only when `topic` is
   * the content's topic (spec: removing topic content proceeds only if the topic matches).
   */
  async removeTopic(documentId: string, topic: unknown): Promise<unknown> {
    if (typeof topic !== 'string' || topic.trim() === '') {
      throw new errors.ValidationError('Send { topic: <topic documentId> }.');
    }
    return strapi.db.transaction(async () => {
      const content = await strapi.documents(UID).findOne({
        documentId,
        fields: ['documentId'],
        populate: { topic: { fields: ['documentId'] } },
      });
      if (!content) {
        throw new errors.NotFoundError('Unknown course content.');
      }
      const current = (content as { topic?: { documentId: string } | null }).topic;
      if (!current || current.documentId !== topic) {
        throw new errors.ValidationError(TOPIC_MISMATCH);
      }
      return strapi.documents(UID).update({
        documentId,
        data: { topic: null, topic_materials: [], youtube_videos: [] } as never,
        populate: ['topic', 'topic_materials', 'youtube_videos'],
      });
    });
  },
}));

export interface CourseContentService {
  removeTopic(documentId: string, topic: unknown): Promise<unknown>;
}

export default service;
