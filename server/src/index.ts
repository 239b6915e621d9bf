import type { Core } from '@strapi/strapi';
import { ensureAuthSettings } from './bootstrap/auth-settings';
import { ensureDefaultApiToken } from './bootstrap/default-api-token';
import { lockDownPublicAccess } from './bootstrap/public-access';
import { ensureRoles } from './bootstrap/roles';
import { isSeedEnabled, seedDemoData } from './bootstrap/seed';
import { installOutboxIfConfigured } from './lib/email-outbox';
import { ensureRateLimitTable } from './lib/rate-limit';

export default {
  register() {},

  /** Runs on every start; every step is idempotent and safe with several processes. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    installOutboxIfConfigured(strapi);
    await ensureRateLimitTable(strapi.db.connection);
    await ensureRoles(strapi);
    await ensureAuthSettings(strapi);
    await ensureDefaultApiToken(strapi);
    await lockDownPublicAccess(strapi);
    if (isSeedEnabled()) {
      await seedDemoData(strapi);
    }
  },
};
