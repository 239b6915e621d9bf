import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { deleteUnlessInUse } from '../../../modules/catalogue';

type Context = Parameters<Core.ControllerHandler>[0];

export default factories.createCoreController('api::assignment.assignment', () => ({
  /** DELETE /api/assignments/:id: 409 when learners have attempted it (modules/catalogue/test-rules.ts). */
  async delete(ctx: Context) {
    return deleteUnlessInUse(ctx, () => super.delete(ctx));
  },
}));
