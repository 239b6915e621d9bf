import type { Core } from '@strapi/strapi';

export const DEFAULT_TOKEN_NAME = 'default-visitor';
const DESCRIPTION =
  'Built into the SPA bundle (VITE_DEFAULT_API_TOKEN): only what a signed-out visitor needs. Managed by the server bootstrap.';

/** Everything a signed-out visitor may do. The token ships in the bundle: never grant more. */
export const DEFAULT_TOKEN_PERMISSIONS: readonly string[] = [
  'plugin::users-permissions.auth.forgotPassword',
  'plugin::users-permissions.auth.resetPassword',
  // Learner sign-up (POST /api/register: Student + User in one transaction). Strapi's own
  // /auth/local/register would make a user without a Student record: the token does not get it.
  'api::registration.registration.register',
  // GET /api/course-names: names of the public, active courses.
  'api::course.course.names',
  // GET /api/institute: the institute's name, logo, colour and public rules on the sign-in page.
  'api::institute.institute.show',
];

interface TokenInfo {
  id: number;
  type: string;
  description?: string | null;
  permissions?: string[];
}

interface ContentApiTokenService {
  hash(accessKey: string): string;
  getByName(name: string): Promise<TokenInfo | null>;
  create(attributes: {
    name: string;
    description: string;
    type: 'custom';
    permissions: string[];
    lifespan: null;
  }): Promise<TokenInfo>;
  update(
    id: number,
    attributes: { description: string; type: 'custom'; permissions: string[] },
  ): Promise<TokenInfo>;
}

interface EncryptionService {
  encrypt(value: string): string | null;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * Creates (or brings up to date) the content-API token of type custom named `default-visitor`,
 * whose access key is VITE_DEFAULT_API_TOKEN: the database stores only its salted hash (like any
 * Strapi API token), and its encrypted form so the admin panel can show it when ENCRYPTION_KEY is set.
 */
export const ensureDefaultApiToken = async (strapi: Core.Strapi): Promise<void> => {
  const accessKey = process.env.VITE_DEFAULT_API_TOKEN?.trim();
  if (!accessKey) {
    strapi.log.warn(
      'VITE_DEFAULT_API_TOKEN is not set: the default visitor API token is not created (signed-out calls of the SPA will be refused).',
    );
    return;
  }
  const tokens = strapi.service(
    'admin::api-token-content-api',
  ) as unknown as ContentApiTokenService;
  const permissions = [...DEFAULT_TOKEN_PERMISSIONS];

  let token = await tokens.getByName(DEFAULT_TOKEN_NAME);
  if (!token) {
    try {
      token = await tokens.create({
        name: DEFAULT_TOKEN_NAME,
        description: DESCRIPTION,
        type: 'custom',
        permissions,
        lifespan: null,
      });
      strapi.log.info(`Created API token ${DEFAULT_TOKEN_NAME}`);
    } catch (error) {
      token = await tokens.getByName(DEFAULT_TOKEN_NAME); // created concurrently by another process
      if (!token) {
        throw error;
      }
    }
  } else if (
    token.type !== 'custom' ||
    !sameSet(token.permissions ?? [], permissions) ||
    token.description !== DESCRIPTION
  ) {
    await tokens.update(token.id, { description: DESCRIPTION, type: 'custom', permissions });
    strapi.log.info(`Reset the permissions of API token ${DEFAULT_TOKEN_NAME}`);
  }

  const hashed = tokens.hash(accessKey);
  const query = strapi.db.query('admin::api-token');
  const row = (await query.findOne({
    where: { id: token.id },
    select: ['id', 'accessKey', 'expiresAt'],
  })) as {
    accessKey: string;
    expiresAt: string | null;
  } | null;
  if (row && (row.accessKey !== hashed || row.expiresAt !== null)) {
    const encryption = strapi.service('admin::encryption') as unknown as EncryptionService;
    await query.update({
      where: { id: token.id },
      data: {
        accessKey: hashed,
        encryptedKey: encryption.encrypt(accessKey),
        lifespan: null,
        expiresAt: null,
      },
    });
    strapi.log.info(
      `Set the access key of API token ${DEFAULT_TOKEN_NAME} from VITE_DEFAULT_API_TOKEN`,
    );
  }
};
