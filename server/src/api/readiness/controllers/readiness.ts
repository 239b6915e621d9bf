import type { Core } from '@strapi/strapi';
import { liveClassesReadiness } from '../../../modules/live-classes';
import { knexOf } from '../../../platform/db/sql';
import { emailProviderName } from '../../../platform/email/email-outbox';
import type { Context } from '../../../platform/http/request';

interface Check {
  ok: boolean;
  detail: string;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async check(ctx: Context) {
    let database: Check = { ok: true, detail: 'answers' };
    try {
      await knexOf(strapi).raw('SELECT 1');
    } catch {
      database = { ok: false, detail: 'does not answer' };
    }
    const zoom = liveClassesReadiness();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = database.ok ? 200 : 503;
    ctx.body = {
      status: database.ok ? 'ready' : 'not ready',
      checks: {
        database,
        email: { ok: true, detail: emailProviderName() },
        zoom: { ok: zoom.zoomConfigured, detail: zoom.message },
      },
    };
  },
});
