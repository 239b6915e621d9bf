import type { Core } from '@strapi/strapi';

const PERMISSION_UID = 'plugin::users-permissions.permission';
const ROLE_UID = 'plugin::users-permissions.role';

/** Strapi creates these tokens with random keys on a fresh database; nobody needs them. */
const STRAPI_DEFAULT_TOKENS = ['Read Only', 'Full Access'];

/**
 * A request without any Authorization header gets users-permissions' Public role. The SPA always
 * sends at least the default visitor token, so the Public role needs nothing: in particular it
 * must not reach Strapi's own sign-in (`/api/auth/local`, the GraphQL `login` mutation, which
 * bypass our database-backed rate limit) or its registration (which could skip the transactional
 * learner sign-up). Runs on every boot, so a permission re-granted by hand is removed again.
 */
export const lockDownPublicAccess = async (strapi: Core.Strapi): Promise<void> => {
  const publicRole = (await strapi.db.query(ROLE_UID).findOne({ where: { type: 'public' } })) as {
    id: number;
  } | null;
  if (publicRole) {
    const granted = (await strapi.db.query(PERMISSION_UID).findMany({
      where: { role: { id: publicRole.id } },
      select: ['id', 'action'],
    })) as Array<{ id: number; action: string }>;
    if (granted.length > 0) {
      await strapi.db
        .query(PERMISSION_UID)
        .deleteMany({ where: { id: { $in: granted.map((p) => p.id) } } });
      strapi.log.info(
        `Removed ${granted.length} permission(s) from the Public role: ${granted.map((p) => p.action).join(', ')}`,
      );
    }
  }

  const tokens = strapi.db.query('admin::api-token');
  const unused = (await tokens.findMany({
    where: { name: { $in: STRAPI_DEFAULT_TOKENS } },
    select: ['id', 'name'],
  })) as Array<{ id: number; name: string }>;
  const service = strapi.service('admin::api-token-content-api') as unknown as {
    revoke(id: number): Promise<unknown>;
  };
  for (const token of unused) {
    await service.revoke(token.id);
    strapi.log.info(`Removed Strapi's default API token "${token.name}"`);
  }
};
