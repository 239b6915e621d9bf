/**
 * Shared pieces of the people endpoints (issue 9): SQL access, input checks, user accounts and
 * the "set your password" email sent to new learners and faculty after their transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem, type Caller } from '../../access/caller';

export type Knex = Core.Strapi['db']['connection'];
export type Body = Record<string, unknown>;

/** A partial update's values: each field the body sends, else the stored value. */
export const sentOrStored = (body: Body, stored: Body): Body =>
  Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [
      key,
      Object.prototype.hasOwnProperty.call(body, key) ? body[key] : value,
    ]),
  );

/** The accounts (id, documentId) linked to a person through a users link table. */
export const linkedUsers = async (
  strapi: Core.Strapi,
  link: { table: string; column: string },
  personId: number,
): Promise<Array<{ id: number; document_id: string }>> =>
  (await knexOf(strapi)(`${link.table} as l`)
    .join('up_users as u', 'u.id', 'l.user_id')
    .where(`l.${link.column}`, personId)
    .select('u.id', 'u.document_id')) as Array<{ id: number; document_id: string }>;

export const USER = 'plugin::users-permissions.user';
export const STUDENT = 'api::student.student';
export const FACULTY = 'api::faculty.faculty';
export const BATCH = 'api::batch.batch';

export const MSG = {
  name: 'Name is required.',
  email: 'A valid email is required.',
  mobile: 'The mobile number must be 10 digits.',
  taken: 'This email is already registered.',
  unknownBatch: 'Unknown batch.',
  date: 'Dates must be written as YYYY-MM-DD.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

export const optionalText = (value: unknown): string | null => text(value) || null;

export const validEmail = (value: unknown): string | null => {
  const email = text(value).toLowerCase();
  return EMAIL.test(email) && email.length <= 254 ? email : null;
};

/** 10 digits after removing spaces and dashes (a +91 or 0091 prefix allowed); null when blank. */
export const normalMobile = (value: unknown): string | null | false => {
  const raw = text(value).replace(/[\s-]/g, '');
  if (!raw) return null;
  const digits = raw.replace(/^(\+91|0091)/, '');
  return /^\d{10}$/.test(digits) ? digits : false;
};

/** YYYY-MM-DD (an exceljs date cell arrives as an ISO string); null when blank. */
export const normalDate = (value: unknown): string | null | false => {
  const raw = text(value);
  if (!raw) return null;
  const day = raw.slice(0, 10);
  return DATE.test(day) && !Number.isNaN(Date.parse(day)) ? day : false;
};

/** A stored date as YYYY-MM-DD (the drivers answer a Date, a string or epoch milliseconds). */
export const dateText = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

export const idList = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.map(text).filter(Boolean))] : [];

export const pageOf = (query: Body): { page: number; pageSize: number; search: string } => {
  const page = Math.max(1, Math.floor(Number(query.page) || 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(Number(query.pageSize) || 25)));
  return { page, pageSize, search: text(query.search).slice(0, 200) };
};

export const meta = (page: number, pageSize: number, total: number) => ({
  pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
});

/**
 * One page of a list and its pagination meta: `base` (the search's query, left unchanged) counted,
 * then its rows in `order` (ending in a unique column, so pages never overlap).
 */
export const pagedRows = async <Row>(
  base: ReturnType<Knex>,
  { page, pageSize }: { page: number; pageSize: number },
  order: Array<{ column: string; order: 'asc' | 'desc' }>,
  columns: readonly string[],
): Promise<{ rows: Row[]; meta: ReturnType<typeof meta> }> => {
  const counted = (await base.clone().count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  const rows = (await base
    .clone()
    .orderBy(order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .select([...columns])) as Row[];
  return { rows, meta: meta(page, pageSize, Number(counted?.n ?? 0)) };
};

/** Rows of `owner` and fields grouped by owner (a list's relations read in one query each). */
export const groupByOwner = async <T>(
  rows: Promise<Array<{ owner: number } & T>>,
): Promise<Map<number, T[]>> => {
  const out = new Map<number, T[]>();
  for (const { owner, ...rest } of await rows) {
    const list = out.get(owner) ?? [];
    list.push(rest as unknown as T);
    out.set(owner, list);
  }
  return out;
};

/** `%text%` for LIKE with the wildcards of the search escaped (ESCAPE '\'). */
export const likeOf = (search: string): string =>
  `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection;

/** Narrows a list query to rows where any of `columns` contains `search` (case-blind). */
export const whereAnyContains = (
  query: ReturnType<Knex>,
  columns: readonly string[],
  search: string,
): void => {
  const like = likeOf(search);
  query.where((w) => {
    for (const column of columns) w.orWhereRaw(`LOWER(${column}) LIKE ? ESCAPE '\\'`, [like]);
  });
};

/** Batch ids the caller may read: all (null) for administrators, the faculty's own otherwise. */
export const batchScope = async (
  strapi: Core.Strapi,
  caller: Caller,
): Promise<readonly number[] | null> => {
  if (caller.kind === 'system') return null;
  if (caller.kind === 'user' && caller.role === 'administrator') return null;
  if (caller.kind === 'user' && caller.role === 'faculty' && caller.facultyId !== null) {
    const rows = (await knexOf(strapi)('batches_faculties_lnk')
      .where('faculty_id', caller.facultyId)
      .select('batch_id')) as Array<{ batch_id: number }>;
    return rows.map((r) => r.batch_id);
  }
  if (caller.kind === 'user' && caller.role === 'faculty') return [];
  throw new errors.ForbiddenError('Forbidden');
};

/** Batch rows by documentId; throws "Unknown batch." when one is missing. */
export const batchesByDocumentId = async (
  strapi: Core.Strapi,
  documentIds: readonly string[],
): Promise<Map<string, number>> => {
  const out = new Map<string, number>();
  if (documentIds.length === 0) return out;
  const rows = (await knexOf(strapi)('batches')
    .whereIn('document_id', [...documentIds])
    .select('id', 'document_id')) as Array<{ id: number; document_id: string }>;
  for (const row of rows) out.set(row.document_id, row.id);
  if (documentIds.some((id) => !out.has(id))) {
    throw new errors.ValidationError(MSG.unknownBatch);
  }
  return out;
};

/** The learner, faculty record and account that may keep an email (the person being edited). */
export interface EmailKeepers {
  studentId?: number | null;
  facultyId?: number | null;
  userId?: number | null;
}

/** Is this email used by a learner, a faculty member or a user (other than the given ones)? */
export const emailTaken = async (
  strapi: Core.Strapi,
  email: string,
  except: EmailKeepers = {},
): Promise<boolean> => {
  const knex = knexOf(strapi);
  // Each place an email is kept, with the row of this person that may keep it.
  const places: Array<[table: string, columns: string[], except: number | null | undefined]> = [
    ['students', ['student_email'], except.studentId],
    ['faculties', ['faculty_email_id'], except.facultyId],
    ['up_users', ['email', 'username'], except.userId],
  ];
  for (const [table, columns, exceptId] of places) {
    const found = await knex(table)
      .where((q) => {
        for (const column of columns) q.orWhereRaw(`LOWER(${column}) = ?`, [email]);
      })
      .modify((q) => {
        if (exceptId) q.whereNot('id', exceptId);
      })
      .first('id');
    if (found) return true;
  }
  return false;
};

/** Refuses (400, "taken") an email used by anyone but the given learner, faculty or user. */
export const assertEmailFree = async (
  strapi: Core.Strapi,
  email: string,
  except: EmailKeepers = {},
): Promise<void> => {
  if (await emailTaken(strapi, email, except)) throw new errors.ValidationError(MSG.taken);
};

type PersonKind = typeof STUDENT | typeof FACULTY;
type Account = { document_id: string };

/**
 * Saves a learner's or faculty member's record and, in the same transaction, moves their sign-in
 * accounts to its email: an account's email is its username, so the two never disagree.
 */
export const updatePersonAndAccounts = async (
  strapi: Core.Strapi,
  person: { kind: PersonKind; documentId: string; data: object },
  email: string,
  accounts: readonly Account[],
): Promise<void> => {
  await asSystem(() =>
    strapi.db.transaction(async () => {
      await strapi
        .documents(person.kind)
        .update({ documentId: person.documentId, data: person.data as never });
      for (const account of accounts) {
        await strapi.documents(USER).update({
          documentId: account.document_id,
          data: { email, username: email } as never,
        });
      }
    }),
  );
};

/** Deletes people of one kind and their sign-in accounts, all or nothing. */
export const deletePeopleAndAccounts = async (
  strapi: Core.Strapi,
  kind: PersonKind,
  people: readonly Account[],
  accounts: readonly Account[],
): Promise<void> => {
  await asSystem(() =>
    strapi.db.transaction(async () => {
      for (const account of accounts) {
        await strapi.documents(USER).delete({ documentId: account.document_id });
      }
      for (const person of people) {
        await strapi.documents(kind).delete({ documentId: person.document_id });
      }
    }),
  );
};

/** All emails already registered (lower case), for the imports' duplicate check. */
export const registeredEmails = async (
  strapi: Core.Strapi,
  emails: readonly string[],
): Promise<Set<string>> => {
  const knex = knexOf(strapi);
  const found = new Set<string>();
  const sources: Array<[string, string]> = [
    ['students', 'student_email'],
    ['faculties', 'faculty_email_id'],
    ['up_users', 'email'],
    ['up_users', 'username'],
  ];
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    for (const [table, column] of sources) {
      const rows = (await knex(table)
        .whereRaw(`LOWER(??) IN (${marks})`, [column, ...chunk])
        .select(knex.raw('LOWER(??) AS e', [column]))) as Array<{ e: string }>;
      for (const row of rows) found.add(row.e);
    }
  }
  return found;
};

export const roleByType = async (
  strapi: Core.Strapi,
  type: string,
): Promise<{ id: number; documentId: string; name: string; type: string } | null> =>
  (await strapi.db.query('plugin::users-permissions.role').findOne({
    where: { type },
    select: ['id', 'documentId', 'name', 'type'],
  })) as { id: number; documentId: string; name: string; type: string } | null;

/** A password nobody knows (the account holder sets theirs through the reset email). */
export const unusablePassword = (): string => `${randomBytes(24).toString('base64url')}!Aa1`;

interface PasswordHasher {
  ensureHashedPasswords(values: { password: string }): Promise<{ password: string }>;
}

/**
 * One bcrypt hash of an unknown password for all the accounts of an import (hashing costs tens
 * of milliseconds; once per row would dominate a 5,000-row import). Set with `storePasswordHash`.
 */
export const importPasswordHash = async (strapi: Core.Strapi): Promise<string> => {
  const users = strapi.plugin('users-permissions').service('user') as unknown as PasswordHasher;
  return (await users.ensureHashedPasswords({ password: unusablePassword() })).password;
};

/** Stores an already hashed password (the query engine does not hash; joins the transaction). */
export const storePasswordHash = async (
  strapi: Core.Strapi,
  userId: number,
  hash: string,
): Promise<void> => {
  await strapi.db.query(USER).update({ where: { id: userId }, data: { password: hash } });
};

interface Templates {
  template(layout: string, data: Body): string | Promise<string>;
}

/**
 * The forgot-password email of users-permissions (same template, link and code), for new
 * accounts; sent in the background, one after the other, after the caller's transaction.
 */
export const sendSetPasswordEmails = (strapi: Core.Strapi, userIds: readonly number[]): void => {
  if (userIds.length === 0) return;
  void (async () => {
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const emailSettings = ((await store.get({ key: 'email' })) ?? {}) as Body;
    const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Body;
    const reset = ((emailSettings.reset_password as Body | undefined)?.options ?? {}) as Body;
    const from = (reset.from ?? {}) as { name?: string; email?: string };
    const templates = strapi
      .plugin('users-permissions')
      .service('users-permissions') as unknown as Templates;
    for (const id of userIds) {
      try {
        const user = (await strapi.db.query(USER).findOne({
          where: { id },
          select: ['id', 'username', 'email', 'blocked'],
        })) as { id: number; username: string; email: string; blocked: boolean } | null;
        if (!user || user.blocked) continue;
        const token = randomBytes(64).toString('hex');
        const data = { USER: { id: user.id, username: user.username, email: user.email } };
        const body = await templates.template(String(reset.message ?? ''), {
          ...data,
          URL: advanced.email_reset_password,
          SERVER_URL: strapi.config.get('server.absoluteUrl'),
          ADMIN_URL: strapi.config.get('admin.absoluteUrl'),
          TOKEN: token,
        });
        const subject = await templates.template(String(reset.object ?? 'Set your password'), data);
        await strapi.db.query(USER).update({
          where: { id },
          data: { resetPasswordToken: token, resetPasswordTokenIssuedAt: new Date() },
        });
        await strapi
          .plugin('email')
          .service('email')
          .send({
            to: user.email,
            from: from.email || from.name ? `${from.name ?? ''} <${from.email ?? ''}>` : undefined,
            replyTo: reset.response_email,
            subject,
            text: body,
            html: body,
          });
      } catch (error) {
        strapi.log.error(
          `Set-password email not sent to user ${id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  })();
};
