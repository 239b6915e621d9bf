import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const TOPIC = 'api::topic.topic';

const service = factories.createCoreService('api::subject.subject', ({ strapi }) => ({
  /**
   * Removes topics from a subject and deletes them, in one transaction. Every topic must belong
   * to the subject; otherwise nothing changes (400).
   */
  async removeTopics(subjectDocumentId: string, topics: unknown): Promise<number> {
    if (
      !Array.isArray(topics) ||
      topics.length === 0 ||
      !topics.every((t) => typeof t === 'string' && t.trim() !== '')
    ) {
      throw new errors.ValidationError('Send { topics: [topic documentIds] } with at least one.');
    }
    const wanted = [...new Set(topics as string[])];
    return strapi.db.transaction(async () => {
      const subject = await strapi.documents('api::subject.subject').findOne({
        documentId: subjectDocumentId,
        fields: ['documentId'],
        populate: { topics: { fields: ['documentId'] } },
      });
      if (!subject) {
        throw new errors.NotFoundError('Unknown subject.');
      }
      const own = new Set(
        ((subject as { topics?: Array<{ documentId: string }> }).topics ?? []).map(
          (t) => t.documentId,
        ),
      );
      if (!wanted.every((documentId) => own.has(documentId))) {
        throw new errors.ValidationError('Every topic must belong to this subject.');
      }
      for (const documentId of wanted) {
        await strapi.documents(TOPIC).delete({ documentId });
      }
      return wanted.length;
    });
  },
}));

export interface SubjectService {
  removeTopics(subjectDocumentId: string, topics: unknown): Promise<number>;
}

export default service;
