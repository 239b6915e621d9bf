import type { Core } from '@strapi/strapi';
import { withFastJwtVerify, withRolePermissionCache } from '../../platform/jwt-key';
import { guardAuthController, type AuthController, withSessionCheck } from '../../modules/accounts';

type ControllerFactory = (deps: { strapi: Core.Strapi }) => AuthController;

interface UsersPermissionsPlugin {
  controllers: Record<string, unknown>;
  services: Record<string, unknown>;
}

/**
 * Database rate limits and expiring reset codes around users-permissions' own forgot-password,
 * reset-password and change-password actions (src/modules/accounts/password-flows.ts). REST routes and the
 * GraphQL mutations call these same actions.
 */
export default (plugin: UsersPermissionsPlugin): UsersPermissionsPlugin => {
  const auth = plugin.controllers.auth;
  if (typeof auth !== 'function') {
    throw new Error('users-permissions: the auth controller has an unexpected shape.');
  }
  const factory = auth as ControllerFactory;
  plugin.controllers.auth = ({ strapi }: { strapi: Core.Strapi }) =>
    guardAuthController(strapi, factory({ strapi }));
  // Every authenticated request verifies its JWT: with the key made once (src/platform/jwt-key.ts),
  // then refuses a token issued before the user's last password change or block
  // (src/modules/accounts/sessions.ts).
  const jwtService = plugin.services.jwt;
  if (typeof jwtService !== 'function') {
    throw new Error('users-permissions: the jwt service has an unexpected shape.');
  }
  plugin.services.jwt = withSessionCheck(
    withFastJwtVerify(jwtService as Parameters<typeof withFastJwtVerify>[0]),
  );
  const permissionService = plugin.services.permission;
  if (typeof permissionService !== 'function') {
    throw new Error('users-permissions: the permission service has an unexpected shape.');
  }
  const ttl = Number.parseInt(process.env.AUTH_PERMISSION_CACHE_MS ?? '5000', 10);
  plugin.services.permission = withRolePermissionCache(
    permissionService as Parameters<typeof withRolePermissionCache>[0],
    Number.isFinite(ttl) ? ttl : 5000,
  );
  return plugin;
};
