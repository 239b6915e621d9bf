import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { createRateLimiter, type RateLimiter } from '../../../platform/limits/rate-limit';
import { HttpError } from '../../../platform/http/errors';

export const INVALID_CREDENTIALS = 'Invalid Email or Password';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Try again later.';
export const ACCOUNT_BLOCKED =
  'Your account is blocked. Ask your institute’s administrator to unblock it.';
export const ACCOUNT_UNCONFIRMED =
  'Confirm your email address first: open the link in the email we sent you.';

export const LOGIN_RATE_LIMIT = {
  bucket: 'login',
  windowMs: 15 * 60 * 1000,
  maxPerSubject: 10,
  maxPerIp: 100,
} as const;

const USER_UID = 'plugin::users-permissions.user';
const ALWAYS_PRIVATE = ['password', 'resetPasswordToken', 'confirmationToken'];
/** A valid bcrypt hash of a random string: unknown emails cost the same time as wrong passwords. */
const DUMMY_HASH = '$2a$10$EQrQ29ZIOaiPsdBTHwV4vOqc4nmsCN5/CtQeb4PqMZgqwrs4Krpdy';

type PlainRecord = Record<string, unknown>;

interface RoleRecord {
  id: number;
  name: string;
  type: string;
}

interface UserRecord extends PlainRecord {
  id: number;
  email: string;
  password?: string | null;
  blocked?: boolean | null;
  confirmed?: boolean | null;
  role?: RoleRecord | null;
  student?: PlainRecord | null;
  faculty?: PlainRecord | null;
  avatar?: PlainRecord | null;
}

export interface LoginInput {
  email: unknown;
  password: unknown;
  ip: string;
}

export interface LoginResult {
  jwt: string;
  authorities: string[];
  user: PlainRecord;
}

interface UserService {
  validatePassword(password: string, hash: string): Promise<boolean>;
}

interface JwtService {
  issue(payload: { id: number }): string | Promise<string>;
}

/** administrator → ROLE_ADMIN, faculty → ROLE_FACULTY, student → ROLE_STUDENT, x-y → ROLE_X_Y. */
export const authoritiesFor = (role: RoleRecord | null | undefined): string[] => {
  if (!role?.type) {
    return [];
  }
  if (role.type === 'administrator') {
    return ['ROLE_ADMIN'];
  }
  return [`ROLE_${role.type.replace(/[^a-z0-9]+/gi, '_').toUpperCase()}`];
};

const isRecord = (value: unknown): value is PlainRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MEDIA_FIELDS = [
  'id',
  'documentId',
  'name',
  'alternativeText',
  'caption',
  'width',
  'height',
  'formats',
  'ext',
  'mime',
  'size',
  'url',
  'previewUrl',
  'provider',
];

const createAuthLoginService = ({ strapi }: { strapi: Core.Strapi }) => {
  let limiter: RateLimiter | null = null;
  const getLimiter = (): RateLimiter => {
    limiter ??= createRateLimiter(strapi.db.connection, LOGIN_RATE_LIMIT);
    return limiter;
  };

  /** Drops private attributes of a content type (password, tokens, anything marked private). */
  const stripPrivate = (uid: string, record: PlainRecord): PlainRecord => {
    const model = strapi.getModel(uid as Parameters<Core.Strapi['getModel']>[0]);
    const hidden = new Set(ALWAYS_PRIVATE);
    for (const [name, attribute] of Object.entries(model?.attributes ?? {})) {
      const attr = attribute as { private?: boolean; type?: string };
      if (attr.private === true || attr.type === 'password') {
        hidden.add(name);
      }
    }
    return Object.fromEntries(Object.entries(record).filter(([key]) => !hidden.has(key)));
  };

  const relation = (uid: string, value: unknown): PlainRecord | null =>
    isRecord(value) ? stripPrivate(uid, value) : null;

  const toPublicUser = (user: UserRecord): PlainRecord => {
    const { role, student, faculty, avatar, ...fields } = user;
    return {
      ...stripPrivate(USER_UID, fields),
      role: role ? { id: role.id, name: role.name, type: role.type } : null,
      student: relation('api::student.student', student),
      faculty: relation('api::faculty.faculty', faculty),
      userAvatar: isRecord(avatar)
        ? Object.fromEntries(
            MEDIA_FIELDS.filter((key) => key in avatar).map((key) => [key, avatar[key]]),
          )
        : null,
    };
  };

  const requiresConfirmation = async (): Promise<boolean> => {
    const advanced = await strapi
      .store({ type: 'plugin', name: 'users-permissions' })
      .get({ key: 'advanced' });
    return isRecord(advanced) && advanced.email_confirmation === true;
  };

  return {
    async login({ email, password, ip }: LoginInput): Promise<LoginResult> {
      if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password) {
        throw new errors.ValidationError(INVALID_CREDENTIALS);
      }
      const key = { ip, subject: email.trim().toLowerCase() };
      // Counted before the password is compared (one reservation, kept if the sign-in fails):
      // 30 parallel guesses, across processes, get at most 10 compares (issue 18 point 9).
      const attempt = await getLimiter().reserve(key);
      if (attempt.limited) {
        throw new errors.RateLimitError(TOO_MANY_ATTEMPTS);
      }

      const user = (await strapi.db.query(USER_UID).findOne({
        where: { email: { $eqi: key.subject } },
        populate: { role: true, student: true, faculty: true, avatar: true },
      })) as UserRecord | null;

      const userService = strapi.plugin('users-permissions').service('user') as UserService;
      const hash = typeof user?.password === 'string' && user.password ? user.password : DUMMY_HASH;
      const passwordMatches = await userService.validatePassword(password, hash);
      if (user === null || hash === DUMMY_HASH || !passwordMatches) {
        throw new errors.ValidationError(INVALID_CREDENTIALS);
      }
      // The right password (issue 24): the account's own state is told to its owner only, so a
      // guesser still learns nothing from the message; the attempt no longer counts against it.
      if (user.blocked === true) {
        await attempt.release();
        throw new HttpError(403, ACCOUNT_BLOCKED);
      }
      if (user.confirmed !== true && (await requiresConfirmation())) {
        await attempt.release();
        throw new HttpError(403, ACCOUNT_UNCONFIRMED);
      }
      // A successful sign-in does not count against the account.
      await attempt.release();

      const jwtService = strapi.plugin('users-permissions').service('jwt') as JwtService;
      return {
        jwt: await jwtService.issue({ id: user.id }),
        authorities: authoritiesFor(user.role),
        user: toPublicUser(user),
      };
    },
  };
};

export type AuthLoginService = ReturnType<typeof createAuthLoginService>;

export default createAuthLoginService;
