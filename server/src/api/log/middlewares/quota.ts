import type { Core } from '@strapi/strapi';
import { withinQuota } from '../../../access/quota-rules';

interface LogState {
  user?: { id?: unknown; role?: { type?: string } | null } | null;
}

/**
 * POST /api/logs (after api::log.body-limit): one record of its JSON size counted against the
 * caller's daily log quota (src/access/quota-rules.ts: learners 50 records and 5 MB a day by
 * default), given back when the record is not created.
 */
const logQuota =
  (_config: unknown, { strapi }: { strapi: Core.Strapi }): Core.MiddlewareHandler =>
  async (ctx, next): Promise<void> => {
    const user = (ctx.state as LogState).user;
    const userId = Number(user?.id);
    if (!Number.isInteger(userId)) {
      // Only signed-in users may send logs (src/access/permission-table.ts).
      await next();
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(ctx.request.body ?? null), 'utf8');
    await withinQuota(
      strapi,
      ctx,
      'logs',
      { userId, roleType: user?.role?.type },
      { items: 1, bytes },
      next,
    );
  };

export default logQuota;
