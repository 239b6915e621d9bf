import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import type { SubjectService } from '../services/subject';

type Context = Parameters<Core.ControllerHandler>[0];

export default factories.createCoreController('api::subject.subject', ({ strapi }) => ({
  /** POST /api/subjects/:documentId/remove-topics { topics: [documentId] } → { data: { removed } } */
  async removeTopics(ctx: Context) {
    const body = (ctx.request.body ?? {}) as { topics?: unknown };
    const service = strapi.service('api::subject.subject') as unknown as SubjectService;
    const removed = await service.removeTopics(String(ctx.params.documentId), body.topics);
    return { data: { removed } };
  },
}));
