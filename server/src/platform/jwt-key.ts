import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import jwt from 'jsonwebtoken';

/**
 * users-permissions verifies every request's JWT with the secret as text; jsonwebtoken then first
 * tries to parse it as a PEM public key (createPublicKey throws) before making the HMAC key: about
 * 2 ms of CPU on every authenticated request (bench/exam-load). The same check with the secret
 * key made once per process (derived from the configuration, nothing shared between processes).
 * The `refresh` JWT mode keeps the plugin's own verify.
 */
interface JwtService {
  verify(token: string): Promise<unknown>;
  [key: string]: unknown;
}

type ServiceFactory = (deps: { strapi: Core.Strapi }) => JwtService;

let cached: { secret: string; key: KeyObject } | null = null;

const keyOf = (secret: string): KeyObject => {
  if (cached?.secret !== secret) {
    cached = { secret, key: createSecretKey(Buffer.from(secret)) };
  }
  return cached.key;
};

export const withFastJwtVerify =
  (factory: ServiceFactory): ServiceFactory =>
  ({ strapi }) => {
    const service = factory({ strapi });
    const verify = service.verify.bind(service);
    return Object.assign(service, {
      verify(token: string): Promise<unknown> {
        const secret = strapi.config.get('plugin::users-permissions.jwtSecret') as unknown;
        const mode: unknown = strapi.config.get('plugin::users-permissions.jwtManagement');
        if (mode === 'refresh' || typeof secret !== 'string' || secret === '') {
          return verify(token);
        }
        const config = strapi.config.get('plugin::users-permissions.jwt', {}) as {
          algorithm?: jwt.Algorithm;
        };
        return new Promise((resolve, reject) => {
          jwt.verify(
            token,
            keyOf(secret),
            { algorithms: [config.algorithm ?? 'HS256'] },
            (error, payload) => {
              if (error) {
                reject(new Error('Invalid token.'));
              } else {
                resolve(payload ?? {});
              }
            },
          );
        });
      },
    });
  };

interface PermissionService {
  findRolePermissions(roleId: unknown): Promise<unknown>;
  [key: string]: unknown;
}

type PermissionFactory = (deps: { strapi: Core.Strapi }) => PermissionService;

/**
 * users-permissions loads the caller's role permissions (~90 rows for a learner) on every
 * authenticated request. Kept per process for AUTH_PERMISSION_CACHE_MS (default 5000 ms; 0: off):
 * permissions change only when the bootstrap syncs the table (permission-table.ts) or an
 * administrator edits a role, and a second process simply loads its own copy.
 */
export const withRolePermissionCache =
  (factory: PermissionFactory, ttlMs: number): PermissionFactory =>
  ({ strapi }) => {
    const service = factory({ strapi });
    if (ttlMs <= 0) {
      return service;
    }
    const load = service.findRolePermissions.bind(service);
    const cache = new Map<string, { at: number; value: Promise<unknown> }>();
    return Object.assign(service, {
      findRolePermissions(roleId: unknown): Promise<unknown> {
        const key = String(roleId);
        const hit = cache.get(key);
        if (hit && Date.now() - hit.at < ttlMs) {
          return hit.value;
        }
        const value = load(roleId);
        cache.set(key, { at: Date.now(), value });
        value.catch(() => cache.delete(key));
        return value;
      },
    });
  };
