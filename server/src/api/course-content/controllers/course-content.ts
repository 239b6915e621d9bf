import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import type { CourseContentService } from '../services/course-content';

type Context = Parameters<Core.ControllerHandler>[0];

export default factories.createCoreController(
  'api::course-content.course-content',
  ({ strapi }) => ({
    /** POST /api/course-contents/:documentId/remove-topic { topic } → { data: courseContent } */
    async removeTopic(ctx: Context) {
      const body = (ctx.request.body ?? {}) as { topic?: unknown };
      const service = strapi.service(
        'api::course-content.course-content',
      ) as unknown as CourseContentService;
      return { data: await service.removeTopic(String(ctx.params.documentId), body.topic) };
    },
  }),
);
