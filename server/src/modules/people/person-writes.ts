/**
 * What creating and editing a learner and a faculty member share (issue 19: one flow, not two
 * copies): the contact fields checked with the same messages, the sign-in account written next to
 * the person, the create transaction with its set-password email, and the edit that keeps the
 * account's email (its username) equal to the person's. learners.ts and faculties.ts keep only
 * their own fields.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem } from '../../access/caller';
import {
  assertEmailFree,
  MSG,
  normalDate,
  normalMobile,
  roleByType,
  sendSetPasswordEmails,
  storePasswordHash,
  text,
  unusablePassword,
  updatePersonAndAccounts,
  USER,
  validEmail,
  FACULTY,
  linkedUsers,
  STUDENT,
  type Body,
} from './common';

export interface Contact {
  name: string;
  email: string;
  mobile: string | null;
  date: string | null;
}

/** A person's name, email, mobile and date under their kind's field names; throws MSG's 400s. */
export const contactOf = (
  body: Body,
  keys: { name: string; email: string; mobile: string; date: string },
): Contact => {
  const name = text(body[keys.name]);
  if (!name) throw new errors.ValidationError(MSG.name);
  const email = validEmail(body[keys.email]);
  if (!email) throw new errors.ValidationError(MSG.email);
  const mobile = normalMobile(body[keys.mobile]);
  if (mobile === false) throw new errors.ValidationError(MSG.mobile);
  const date = normalDate(body[keys.date]);
  if (date === false) throw new errors.ValidationError(MSG.date);
  return { name, email, mobile, date };
};

/** The two kinds of person with a sign-in account, and what tells them apart. */
const KINDS = {
  student: {
    uid: STUDENT,
    userRole: 'Student',
    link: 'student',
    except: 'studentId',
    accounts: { table: 'up_users_student_lnk', column: 'student_id' },
  },
  faculty: {
    uid: FACULTY,
    userRole: 'Faculty',
    link: 'faculty',
    except: 'facultyId',
    accounts: { table: 'up_users_faculty_lnk', column: 'faculty_id' },
  },
} as const;
export type PersonKind = keyof typeof KINDS;

/** The document id of the kind's users-permissions role (seeded; its absence is a setup bug). */
export const personRole = async (strapi: Core.Strapi, kind: PersonKind): Promise<string> => {
  const role = await roleByType(strapi, kind);
  if (!role) throw new Error(`The ${kind} role is missing`);
  return role.documentId;
};

/**
 * Writes a person and their account (inside the caller's transaction). Without a password hash
 * the account gets an unusable password; the set-password email lets its holder choose one.
 */
export const insertPersonWithAccount = async (
  strapi: Core.Strapi,
  person: { kind: PersonKind; email: string; data: object },
  role: string,
  passwordHash?: string,
): Promise<{ personId: number; userId: number }> => {
  const kind = KINDS[person.kind];
  const created = (await strapi.documents(kind.uid).create({
    data: person.data as never,
    fields: ['id'] as never,
  })) as unknown as { id: number; documentId: string };
  const user = (await strapi.documents(USER).create({
    data: {
      username: person.email,
      email: person.email,
      ...(passwordHash ? {} : { password: unusablePassword() }),
      provider: 'local',
      confirmed: true,
      blocked: false,
      UserRole: kind.userRole,
      role,
      [kind.link]: created.documentId,
    } as never,
    fields: ['id'] as never,
  })) as unknown as { id: number };
  if (passwordHash) await storePasswordHash(strapi, user.id, passwordHash);
  return { personId: created.id, userId: user.id };
};

/** The create endpoints' flow: the email free, person and account in one transaction, the email. */
export const createPersonWithAccount = async (
  strapi: Core.Strapi,
  person: { kind: PersonKind; email: string; data: object },
): Promise<number> => {
  await assertEmailFree(strapi, person.email);
  const role = await personRole(strapi, person.kind);
  const made = await asSystem(() =>
    strapi.db.transaction(() => insertPersonWithAccount(strapi, person, role)),
  );
  sendSetPasswordEmails(strapi, [made.userId]);
  return made.personId;
};

/** A person's sign-in accounts (id, documentId). */
export const accountsOf = (strapi: Core.Strapi, kind: PersonKind, personId: number) =>
  linkedUsers(strapi, KINDS[kind].accounts, personId);

/**
 * The edit endpoints' flow: the new email free of everyone but this person and their account,
 * then the person and (in the same transaction) every account linked to them.
 */
export const updatePersonWithAccounts = async (
  strapi: Core.Strapi,
  person: { kind: PersonKind; id: number; documentId: string; email: string; data: object },
): Promise<void> => {
  const kind = KINDS[person.kind];
  const accounts = await accountsOf(strapi, person.kind, person.id);
  await assertEmailFree(strapi, person.email, {
    [kind.except]: person.id,
    userId: accounts[0]?.id ?? null,
  });
  await updatePersonAndAccounts(
    strapi,
    { kind: kind.uid, documentId: person.documentId, data: person.data },
    person.email,
    accounts,
  );
};
