import type { Core } from '@strapi/strapi';
import { guardAuthController, type AuthController } from '../../lib/password-flows';

type ControllerFactory = (deps: { strapi: Core.Strapi }) => AuthController;

interface UsersPermissionsPlugin {
  controllers: Record<string, unknown>;
}

/**
 * Database rate limits and expiring reset codes around users-permissions' own forgot-password,
 * reset-password and change-password actions (src/lib/password-flows.ts). REST routes and the
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
  return plugin;
};
