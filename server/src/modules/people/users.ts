/**
 * users-permissions accounts managed by administrators: the paged search, create (with a password,
 * or a set-password email), edit (an administrator cannot block or demote themselves), the
 * users import and the avatar upload.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem, type Caller } from '../../access/caller';
import { sniffFile } from '../../platform/files/file-types';
import type { UploadedFile } from '../../platform/files/uploads';
import {
  importPasswordHash,
  isRecord,
  knexOf,
  MSG,
  pageOf,
  registeredEmails,
  sendSetPasswordEmails,
  storePasswordHash,
  text,
  unusablePassword,
  USER,
  validEmail,
  type Body,
  pagedRows,
  whereAnyContains,
} from './common';
import { avatarsOf } from './faculties';
import { readPeopleSheet, skip, type Skipped } from '../imports';

export const USER_MSG = {
  username: 'Username is required (at least 3 characters).',
  emailTaken: 'Email is already taken.',
  usernameTaken: 'Username is already taken.',
  password: 'Password must be at least 8 characters.',
  role: 'Choose a role.',
  unknownRole: 'Unknown role.',
  self: 'You cannot block or demote your own account.',
  notFound: 'User not found.',
  avatarType: 'The avatar must be a PNG, JPEG or WebP image.',
  avatarSize: 'The avatar must be 5 MB or smaller.',
  avatarOne: 'Choose one image (files).',
} as const;

export interface PortalUser {
  id: number;
  username: string;
  email: string;
  UserRole: string | null;
  blocked: boolean;
  confirmed: boolean;
  role: { id: number; name: string; type: string } | null;
  avatar: { url: string } | null;
  createdAt: string | null;
}

interface UserRow {
  id: number;
  document_id: string;
  username: string;
  email: string;
  user_role: string | null;
  blocked: boolean | number | null;
  confirmed: boolean | number | null;
  created_at: unknown;
  role_id: number | null;
  role_name: string | null;
  role_type: string | null;
}

const USER_COLUMNS = [
  'u.id',
  'u.document_id',
  'u.username',
  'u.email',
  'u.user_role',
  'u.blocked',
  'u.confirmed',
  'u.created_at',
  'r.id as role_id',
  'r.name as role_name',
  'r.type as role_type',
];

const iso = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'number'
        ? new Date(value).toISOString()
        : String(value);

const usersQuery = (strapi: Core.Strapi) =>
  knexOf(strapi)('up_users as u')
    .leftJoin('up_users_role_lnk as rl', 'rl.user_id', 'u.id')
    .leftJoin('up_roles as r', 'r.id', 'rl.role_id');

const toUsers = async (strapi: Core.Strapi, rows: UserRow[]): Promise<PortalUser[]> => {
  const avatars = await avatarsOf(
    knexOf(strapi),
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    UserRole: r.user_role ?? null,
    blocked: Boolean(r.blocked),
    confirmed: Boolean(r.confirmed),
    role: r.role_id ? { id: r.role_id, name: r.role_name ?? '', type: r.role_type ?? '' } : null,
    avatar: avatars.get(r.id) ?? null,
    createdAt: iso(r.created_at),
  }));
};

export const userById = async (strapi: Core.Strapi, id: number): Promise<PortalUser> => {
  const rows = (await usersQuery(strapi).where('u.id', id).select(USER_COLUMNS)) as UserRow[];
  if (rows.length === 0) throw new errors.NotFoundError(USER_MSG.notFound);
  return (await toUsers(strapi, rows))[0];
};

export const listUsers = async (strapi: Core.Strapi, query: Body) => {
  const { page, pageSize, search } = pageOf(query);
  const base = usersQuery(strapi);
  if (search) whereAnyContains(base, ['u.username', 'u.email', 'u.user_role'], search);
  const { rows, meta } = await pagedRows<UserRow>(
    base,
    { page, pageSize },
    [{ column: 'u.id', order: 'desc' }],
    USER_COLUMNS,
  );
  return { data: await toUsers(strapi, rows), meta };
};

interface RoleRow {
  id: number;
  document_id: string;
  name: string;
  type: string;
}

const roleOf = async (strapi: Core.Strapi, value: unknown): Promise<RoleRow> => {
  const raw = text(value);
  if (!raw) throw new errors.ValidationError(USER_MSG.role);
  const knex = knexOf(strapi);
  const role = (await knex('up_roles')
    .where((q) => {
      if (/^\d+$/.test(raw)) q.where('id', Number(raw));
      q.orWhereRaw('LOWER(type) = ?', [raw.toLowerCase()]).orWhereRaw('LOWER(name) = ?', [
        raw.toLowerCase(),
      ]);
    })
    .first('id', 'document_id', 'name', 'type')) as RoleRow | undefined;
  // Only the product's roles (issue 24): Strapi's own "Authenticated" and "Public" are not roles
  // a person of the institute is given.
  if (!role || !Object.hasOwn(USER_ROLE, role.type))
    throw new errors.ValidationError(USER_MSG.unknownRole);
  return role;
};

const USER_ROLE: Record<string, string> = {
  administrator: 'Admin',
  faculty: 'Faculty',
  student: 'Student',
};

const clash = async (
  strapi: Core.Strapi,
  field: 'email' | 'username',
  value: string,
  except?: number,
) =>
  Boolean(
    await knexOf(strapi)('up_users')
      .whereRaw(`LOWER(${field}) = ?`, [value.toLowerCase()])
      .modify((q) => {
        if (except) q.whereNot('id', except);
      })
      .first('id'),
  );

export const createUser = async (strapi: Core.Strapi, body: Body) => {
  const username = text(body.username);
  if (username.length < 3) throw new errors.ValidationError(USER_MSG.username);
  const email = validEmail(body.email);
  if (!email) throw new errors.ValidationError(MSG.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (password && password.length < 8) throw new errors.ValidationError(USER_MSG.password);
  const role = await roleOf(strapi, body.role);
  if (await clash(strapi, 'email', email)) throw new errors.ValidationError(USER_MSG.emailTaken);
  if (await clash(strapi, 'username', username))
    throw new errors.ValidationError(USER_MSG.usernameTaken);
  const created = (await asSystem(() =>
    strapi.documents(USER).create({
      data: {
        username,
        email,
        password: password || unusablePassword(),
        provider: 'local',
        confirmed: true,
        blocked: false,
        UserRole: text(body.UserRole) || USER_ROLE[role.type] || role.name,
        role: role.document_id,
      } as never,
    }),
  )) as unknown as { id: number };
  if (!password) sendSetPasswordEmails(strapi, [created.id]);
  return { data: await userById(strapi, created.id), message: 'User Added Successfully' };
};

const numericId = (value: unknown): number => {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new errors.NotFoundError(USER_MSG.notFound);
  return id;
};

export const updateUser = async (
  strapi: Core.Strapi,
  caller: Caller,
  rawId: unknown,
  body: Body,
) => {
  const id = numericId(rawId);
  const current = await userById(strapi, id);
  const data: Body = {};
  const has = (key: string) => Object.prototype.hasOwnProperty.call(body, key);
  if (has('username')) {
    const username = text(body.username);
    if (username.length < 3) throw new errors.ValidationError(USER_MSG.username);
    if (await clash(strapi, 'username', username, id))
      throw new errors.ValidationError(USER_MSG.usernameTaken);
    data.username = username;
  }
  if (has('email')) {
    const email = validEmail(body.email);
    if (!email) throw new errors.ValidationError(MSG.email);
    if (await clash(strapi, 'email', email, id))
      throw new errors.ValidationError(USER_MSG.emailTaken);
    data.email = email;
  }
  const self = caller.kind === 'user' && caller.userId === id;
  if (has('role')) {
    const role = await roleOf(strapi, body.role);
    if (self && role.type !== current.role?.type) throw new errors.ValidationError(USER_MSG.self);
    data.role = role.document_id;
  }
  if (has('UserRole')) data.UserRole = text(body.UserRole) || null;
  if (has('blocked')) {
    const blocked = body.blocked === true || body.blocked === 'true';
    if (self && blocked) throw new errors.ValidationError(USER_MSG.self);
    data.blocked = blocked;
  }
  const row = (await knexOf(strapi)('up_users').where('id', id).first('document_id')) as {
    document_id: string;
  };
  await asSystem(() =>
    strapi.documents(USER).update({ documentId: row.document_id, data: data as never }),
  );
  return { data: await userById(strapi, id) };
};

export const USER_COLUMNS_TEMPLATE = ['Username', 'Email', 'Role', 'UserRole'];

export const importUsers = async (
  strapi: Core.Strapi,
  file: UploadedFile | null,
): Promise<{ data: PortalUser[]; skippedRecords: Skipped; message: string }> => {
  const rows = await readPeopleSheet(file, {
    columns: USER_COLUMNS_TEMPLATE,
    kind: 'users',
    shortText: ['Username', 'UserRole'],
  });
  const knex = knexOf(strapi);
  const roles = (await knex('up_roles').select('id', 'document_id', 'name', 'type')) as RoleRow[];
  const roleFor = (value: string) =>
    roles.find(
      (r) =>
        r.type.toLowerCase() === value.toLowerCase() ||
        r.name.toLowerCase() === value.toLowerCase(),
    );
  const emails = rows.map((r) => validEmail(r.values.Email)).filter((e): e is string => Boolean(e));
  const registered = await registeredEmails(strapi, [...new Set(emails)]);
  const names = rows.map((r) => r.values.Username.toLowerCase()).filter(Boolean);
  const takenNames = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500);
    const found = (await knex('up_users')
      .whereRaw(`LOWER(username) IN (${chunk.map(() => '?').join(', ')})`, chunk)
      .select(knex.raw('LOWER(username) AS n'))) as Array<{ n: string }>;
    for (const f of found) takenNames.add(f.n);
  }
  const seenEmails = new Set<string>();
  const seenNames = new Set<string>();
  const skipped: Skipped = {};
  const accepted: Array<{ username: string; email: string; role: RoleRow; userRole: string }> = [];
  for (const row of rows) {
    const v = row.values;
    const email = validEmail(v.Email);
    const lower = v.Username.toLowerCase();
    const role = roleFor(v.Role);
    // A cell past its field's length skips the row (Strapi would refuse the whole file).
    const reason =
      row.tooLong ??
      (v.Username.length < 3
        ? 'Missing username'
        : !v.Email
          ? 'Missing email'
          : !email
            ? 'Invalid email'
            : seenEmails.has(email)
              ? 'Duplicate email in the file'
              : seenNames.has(lower)
                ? 'Duplicate username in the file'
                : registered.has(email)
                  ? 'Email already registered'
                  : takenNames.has(lower)
                    ? 'Username already taken'
                    : !role
                      ? 'Unknown role'
                      : null);
    if (email) seenEmails.add(email);
    seenNames.add(lower);
    if (reason || !email || !role) {
      skip(skipped, reason ?? 'Unknown role', row, v.Username, v.Email);
      continue;
    }
    accepted.push({
      username: v.Username,
      email,
      role,
      userRole: v.UserRole || USER_ROLE[role.type] || role.name,
    });
  }
  if (accepted.length === 0) {
    return { data: [], skippedRecords: skipped, message: '0 Users imported Successfully' };
  }
  const hash = await importPasswordHash(strapi);
  const ids = await asSystem(() =>
    strapi.db.transaction(async () => {
      const out: number[] = [];
      for (const a of accepted) {
        const made = (await strapi.documents(USER).create({
          data: {
            username: a.username,
            email: a.email,
            provider: 'local',
            confirmed: true,
            blocked: false,
            UserRole: a.userRole,
            role: a.role.document_id,
          } as never,
        })) as unknown as { id: number };
        await storePasswordHash(strapi, made.id, hash);
        out.push(made.id);
      }
      return out;
    }),
  );
  sendSetPasswordEmails(strapi, ids);
  const data: PortalUser[] = [];
  for (const id of ids) data.push(await userById(strapi, id));
  return { data, skippedRecords: skipped, message: `${data.length} Users imported Successfully` };
};

export const AVATAR_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

interface IncomingFile extends UploadedFile {
  originalFilename?: string | null;
  name?: string | null;
  mimetype?: string | null;
  type?: string | null;
}

interface UploadService {
  upload(input: { data: Record<string, unknown>; files: unknown }): Promise<unknown>;
}

export const setAvatar = async (strapi: Core.Strapi, rawId: unknown, ctx: unknown) => {
  const id = numericId(rawId);
  await userById(strapi, id);
  const value = (ctx as { request?: { files?: Record<string, unknown> } }).request?.files?.files;
  const files = (Array.isArray(value) ? value : value ? [value] : []).filter(
    (f): f is IncomingFile => (isRecord(f) ? typeof f.filepath === 'string' : false),
  );
  if (files.length !== 1) throw new errors.ValidationError(USER_MSG.avatarOne);
  const file = files[0];
  if (file.size > AVATAR_MAX_BYTES) throw new errors.ValidationError(USER_MSG.avatarSize);
  const type = await sniffFile(file.filepath, file.originalFilename ?? file.name ?? '');
  if (!type || !AVATAR_TYPES.includes(type)) throw new errors.ValidationError(USER_MSG.avatarType);
  file.mimetype = type;
  file.type = type;
  const service = strapi.plugin('upload').service('upload') as unknown as UploadService;
  // One avatar: the previous link goes (the file itself stays in the media library).
  await knexOf(strapi)('files_related_mph')
    .where({ related_type: USER, field: 'avatar', related_id: id })
    .delete();
  await asSystem(() =>
    service.upload({
      data: { ref: USER, refId: id, field: 'avatar' },
      files: file,
    }),
  );
  return { data: await userById(strapi, id) };
};
