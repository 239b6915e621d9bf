import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem } from '../../../access/caller';
import { findRole } from '../../../bootstrap/roles';
import { createRateLimiter, type RateLimiter } from '../../../platform/limits/rate-limit';
import { createTakenEmailNotifier } from '../../../modules/accounts';
import { registrationOpen } from '../../../modules/institute';
import { knexOf } from '../../../platform/db/sql';
import { HttpError } from '../../../platform/http/errors';

export const REGISTRATION_CLOSED = 'Registration is closed. Ask your institute for an account.';

export const TOO_MANY_REGISTRATIONS = 'Too many registrations from this address. Try again later.';

/** Every registration attempt from an address counts (successes too): 20 per hour. */
export const REGISTRATION_RATE_LIMIT = {
  bucket: 'register',
  windowMs: 60 * 60 * 1000,
  maxPerSubject: 20,
  maxPerIp: 20,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; a longer password would be silently truncated. */
const PASSWORD_MAX_BYTES = 72;

export interface Registration {
  StudentName: string;
  student_email: string;
  student_mobile_number: string;
  password: string;
  student_enrollment_date: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fail = (message: string, path: string): never => {
  throw new errors.ValidationError(message, {
    errors: [{ path: [path], message, name: 'ValidationError' }],
  });
};

/** Reads only the fields a learner may choose; role, confirmed, blocked, UserRole… are ignored. */
export const parseRegistration = (body: unknown, today: Date = new Date()): Registration => {
  const input = isRecord(body) && isRecord(body.data) ? body.data : isRecord(body) ? body : {};
  const text = (key: string): string =>
    typeof input[key] === 'string' ? (input[key] as string).trim() : '';

  const StudentName = text('StudentName').replace(/\s+/g, ' ');
  if (!StudentName) {
    fail('Please enter your name.', 'StudentName');
  }
  if (StudentName.length > 100) {
    fail('The name is at most 100 characters.', 'StudentName');
  }
  const student_email = text('student_email').toLowerCase();
  if (!EMAIL.test(student_email) || student_email.length > 254) {
    fail('Please enter a valid email address.', 'student_email');
  }
  const mobile = text('student_mobile_number').replace(/[\s()-]/g, '');
  if (!/^\+?\d{7,15}$/.test(mobile)) {
    fail('Please enter a valid mobile number (7 to 15 digits).', 'student_mobile_number');
  }
  const password = typeof input.password === 'string' ? input.password : '';
  if (password.length < PASSWORD_MIN) {
    fail(`The password needs at least ${PASSWORD_MIN} characters.`, 'password');
  }
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    fail(`The password is at most ${PASSWORD_MAX_BYTES} bytes long.`, 'password');
  }
  let student_enrollment_date = text('student_enrollment_date').slice(0, 10);
  if (!student_enrollment_date) {
    student_enrollment_date = today.toISOString().slice(0, 10);
  } else if (
    !DATE.test(student_enrollment_date) ||
    Number.isNaN(Date.parse(`${student_enrollment_date}T00:00:00Z`))
  ) {
    fail('The enrollment date must be a date (YYYY-MM-DD).', 'student_enrollment_date');
  }
  return {
    StudentName,
    student_email,
    student_mobile_number: mobile,
    password,
    student_enrollment_date,
  };
};

interface PasswordHasher {
  ensureHashedPasswords(values: { password: string }): Promise<unknown>;
}

interface Created {
  id: number;
  documentId: string;
}

const createRegistrationService = ({ strapi }: { strapi: Core.Strapi }) => {
  let limiter: RateLimiter | null = null;
  const getLimiter = (): RateLimiter => {
    limiter ??= createRateLimiter(strapi.db.connection, REGISTRATION_RATE_LIMIT);
    return limiter;
  };

  const notifyTaken = createTakenEmailNotifier(strapi);

  const emailTaken = async (email: string): Promise<boolean> => {
    const [users, students] = await Promise.all([
      strapi.db
        .query('plugin::users-permissions.user')
        .count({ where: { email: { $eqi: email } } }),
      strapi.db.query('api::student.student').count({ where: { student_email: { $eqi: email } } }),
    ]);
    return users + students > 0;
  };

  return {
    /**
     * Creates the Student and its users-permissions User (role Student, UserRole "Student",
     * confirmed, not blocked) in one transaction. No JWT: the learner signs in through /api/login.
     * An email that is taken gets the same answer (and about the same time: its password is
     * hashed too); its holder is told by email instead (src/modules/accounts/registration-mail.ts).
     */
    async register(body: unknown, ip: string): Promise<{ ok: true }> {
      // The institute may close self-registration (issue 24): nothing is read or made.
      if (!(await registrationOpen(knexOf(strapi)))) {
        throw new HttpError(403, REGISTRATION_CLOSED);
      }
      const key = { ip, subject: '' };
      if (await getLimiter().hit(key)) {
        throw new errors.RateLimitError(TOO_MANY_REGISTRATIONS);
      }

      const input = parseRegistration(body);
      if (await emailTaken(input.student_email)) {
        const users = strapi.plugin('users-permissions').service('user') as PasswordHasher;
        await users.ensureHashedPasswords({ password: input.password });
        notifyTaken(input.student_email, ip);
        return { ok: true };
      }
      const role = await findRole(strapi, 'student');
      if (!role) {
        throw new errors.ApplicationError('The Student role is missing.');
      }
      try {
        await asSystem(() =>
          strapi.db.transaction(async () => {
            const student = (await strapi.documents('api::student.student').create({
              data: {
                StudentName: input.StudentName,
                student_email: input.student_email,
                student_mobile_number: input.student_mobile_number,
                student_enrollment_date: input.student_enrollment_date,
              },
            })) as unknown as Created;
            await strapi.documents('plugin::users-permissions.user').create({
              data: {
                username: input.student_email,
                email: input.student_email,
                password: input.password,
                provider: 'local',
                confirmed: true,
                blocked: false,
                role: role.documentId,
                UserRole: 'Student',
                student: student.documentId,
              },
            });
          }),
        );
      } catch (error) {
        // A concurrent registration of the same email lost the race (unique index on the email).
        if (await emailTaken(input.student_email)) {
          notifyTaken(input.student_email, ip);
          return { ok: true };
        }
        throw error;
      }
      return { ok: true };
    },
  };
};

export type RegistrationService = ReturnType<typeof createRegistrationService>;

export default createRegistrationService;
