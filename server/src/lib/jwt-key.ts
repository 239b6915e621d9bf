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
