import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { errorBody } from '../../../platform/http/errors';
import { WorkInUseError } from '../../../modules/catalogue';

type Context = Parameters<Core.ControllerHandler>[0];

export default factories.createCoreController('api::assignment.assignment', () => ({
  /** DELETE /api/assignments/:id: 409 when learners have attempted it (modules/catalogue/test-rules.ts). */
  async delete(ctx: Context) {
    try {
      return await super.delete(ctx);
    } catch (error) {
      if (!(error instanceof WorkInUseError)) throw error;
      ctx.status = 409;
      ctx.body = errorBody(409, error.message);
    }
  },
}));
