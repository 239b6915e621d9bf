import type { Core } from '@strapi/strapi';
import { ROLE_PERMISSIONS } from '../access/permission-table';

const PERMISSION_UID = 'plugin::users-permissions.permission';
const ROLE_UID = 'plugin::users-permissions.role';

interface ActionProvider {
  has(action: string): boolean;
}

interface PermissionRow {
  id: number;
  action: string;
}

/** Fails the boot on a typo in the table rather than silently granting nothing. */
const assertKnownActions = (strapi: Core.Strapi): void => {
  const provider = (
    strapi.contentAPI as unknown as { permissions: { providers: { action: ActionProvider } } }
  ).permissions.providers.action;
  const unknown = Object.values(ROLE_PERMISSIONS)
    .flat()
    .filter((action) => !provider.has(action));
  if (unknown.length > 0) {
    throw new Error(`Unknown content-API actions in the permission table: ${unknown.join(', ')}`);
  }
};

/**
 * Makes each role's users-permissions grants exactly the permission table: missing grants are
 * created, grants not in the table (and duplicates) are removed. Idempotent; safe with several
 * processes booting at once (a duplicate created by a race is removed on the next boot).
 */
export const syncRolePermissions = async (strapi: Core.Strapi): Promise<void> => {
  assertKnownActions(strapi);
  const permissions = strapi.db.query(PERMISSION_UID);
  for (const [type, actions] of Object.entries(ROLE_PERMISSIONS)) {
    const role = (await strapi.db.query(ROLE_UID).findOne({ where: { type } })) as {
      id: number;
    } | null;
    if (!role) {
      throw new Error(`Role "${type}" is missing`);
    }
    const granted = (await permissions.findMany({
      where: { role: { id: role.id } },
      select: ['id', 'action'],
    })) as PermissionRow[];
    const wanted = new Set(actions);
    const seen = new Set<string>();
    const extra: PermissionRow[] = [];
    for (const row of granted) {
      if (!wanted.has(row.action) || seen.has(row.action)) {
        extra.push(row);
      }
      seen.add(row.action);
    }
    if (extra.length > 0) {
      await permissions.deleteMany({ where: { id: { $in: extra.map((p) => p.id) } } });
    }
    const missing = actions.filter((action) => !seen.has(action));
    for (const action of missing) {
      await permissions.create({ data: { action, role: role.id } });
    }
    if (extra.length > 0 || missing.length > 0) {
      strapi.log.info(
        `Role ${type}: granted ${missing.length}, removed ${extra.length} permission(s) to match the permission table`,
      );
    }
  }
};

interface AdvancedSettings {
  default_role?: string;
  [key: string]: unknown;
}

/** users-permissions' own registration (disabled for everyone) would make Students, not Authenticated. */
export const ensureDefaultRole = async (strapi: Core.Strapi): Promise<void> => {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = (await store.get({ key: 'advanced' })) as AdvancedSettings | null;
  if (advanced && advanced.default_role !== 'student') {
    await store.set({ key: 'advanced', value: { ...advanced, default_role: 'student' } });
  }
};
