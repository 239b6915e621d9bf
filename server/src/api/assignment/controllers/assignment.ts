import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { closeWork, deleteUnlessInUse, publishWork } from '../../../modules/catalogue';

type Context = Parameters<Core.ControllerHandler>[0];

export default factories.createCoreController('api::assignment.assignment', ({ strapi }) => ({
  /** DELETE /api/assignments/:id: 409 when learners have attempted it (modules/catalogue/test-rules.ts). */
  async delete(ctx: Context) {
    return deleteUnlessInUse(ctx, () => super.delete(ctx));
  },

  /** POST /api/assignments/:documentId/publish → { data }; 400 names what is missing (issue 23). */
  async publish(ctx: Context) {
    return { data: await publishWork(strapi, 'assignment', ctx.params.documentId) };
  },

  /** POST /api/assignments/:documentId/close → { data }: submissions end now (issue 23). */
  async close(ctx: Context) {
    return { data: await closeWork(strapi, 'assignment', ctx.params.documentId) };
  },
}));
