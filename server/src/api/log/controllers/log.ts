import { factories } from '@strapi/strapi';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export default factories.createCoreController('api::log.log', () => ({
  /** POST /api/logs: the record's user is the caller (set by the access rules), never the client's. */
  async create(ctx) {
    const body: unknown = ctx.request.body;
    if (isRecord(body) && isRecord(body.data)) {
      delete body.data.users_permissions_user;
    }
    return super.create(ctx);
  },
}));
