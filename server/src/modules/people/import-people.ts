// What the learners and faculties imports share: the batch names a row may refer to, the contact
// checks every row passes first (in one order, so the reasons read the same in both), and the
// write of the accepted rows in one transaction followed by the set-password emails; and the
// import's whole run (`importPeople`), so each kind writes only its own columns and checks.
import type { Core } from '@strapi/strapi';
import { asSystem } from '../../access/caller';
import type { UploadedFile } from '../../platform/files/uploads';
import { readPeopleSheet, skip, type PeopleRow, type Skipped } from '../imports';
import { personRole, type PersonKind } from './person-writes';
import {
  importPasswordHash,
  knexOf,
  normalMobile,
  registeredEmails,
  sendSetPasswordEmails,
  validEmail,
} from './common';

export const REASONS = {
  name: 'Missing name',
  noEmail: 'Missing email',
  email: 'Invalid email',
  mobile: 'Invalid mobile number',
  duplicate: 'Duplicate email in the file',
  registered: 'Email already registered',
  batch: 'Unknown batch',
  subject: 'Unknown subject',
  date: 'Invalid date',
} as const;

/** Every batch's document id by its lower-case name. */
export const batchesByName = async (strapi: Core.Strapi): Promise<Map<string, string>> => {
  const rows = (await knexOf(strapi)('batches').select('document_id', 'batch')) as Array<{
    document_id: string;
    batch: string;
  }>;
  return new Map(rows.map((b) => [b.batch.trim().toLowerCase(), b.document_id]));
};

/** The rows' emails that already belong to an account. */
export const registeredOf = async (
  strapi: Core.Strapi,
  rows: PeopleRow[],
): Promise<Set<string>> => {
  const emails = rows.map((r) => validEmail(r.values.Email)).filter((e): e is string => Boolean(e));
  return registeredEmails(strapi, [...new Set(emails)]);
};

export interface Contact {
  email: string | null;
  mobile: string | null | false;
  /** The first contact check the row fails (a cell too long first), else null. */
  reason: string | null;
}

/**
 * A row's name, email and mobile, checked in the imports' order; the email joins `seen`, so a
 * later row with the same email is a duplicate.
 */
export const checkContact = (
  row: PeopleRow,
  seen: Set<string>,
  registered: ReadonlySet<string>,
): Contact => {
  const v = row.values;
  const email = validEmail(v.Email);
  const mobile = normalMobile(v.Mobile);
  // A cell past its field's length skips the row (Strapi would refuse the whole file).
  const reason =
    row.tooLong ??
    (!v.Name
      ? REASONS.name
      : !v.Email
        ? REASONS.noEmail
        : !email
          ? REASONS.email
          : mobile === false
            ? REASONS.mobile
            : seen.has(email)
              ? REASONS.duplicate
              : registered.has(email)
                ? REASONS.registered
                : null);
  if (email) seen.add(email);
  return { email, mobile, reason };
};

/**
 * Writes the accepted rows in one transaction (all or none), then sends each new account its
 * set-password email; answers the ids `insert` gave.
 */
export const saveImported = async <Input, Made extends { userId: number }>(
  strapi: Core.Strapi,
  accepted: Input[],
  insert: (input: Input, hash: string) => Promise<Made>,
): Promise<Made[]> => {
  const hash = await importPasswordHash(strapi);
  const made = await asSystem(() =>
    strapi.db.transaction(async () => {
      const out: Made[] = [];
      for (const input of accepted) out.push(await insert(input, hash));
      return out;
    }),
  );
  sendSetPasswordEmails(
    strapi,
    made.map((m) => m.userId),
  );
  return made;
};

export interface PeopleImport<Input, Person> {
  kind: PersonKind;
  sheet: Parameters<typeof readPeopleSheet>[1];
  /** Loads what the row checks refer to; answers a row's input, or why it is skipped. */
  checker: () => Promise<
    (row: PeopleRow, contact: { email: string; mobile: string | null }) => Input | string
  >;
  insert: (
    input: Input,
    role: string,
    hash: string,
  ) => Promise<{ personId: number; userId: number }>;
  load: (ids: number[]) => Promise<Person[]>;
  message: (count: number) => string;
}

/**
 * One people import: the sheet read, every row checked (contact first, then the kind's own
 * checks), the accepted rows written together, the new people read back with the skipped rows.
 */
export const importPeople = async <Input, Person>(
  strapi: Core.Strapi,
  file: UploadedFile | null,
  spec: PeopleImport<Input, Person>,
): Promise<{ data: Person[]; skippedRecords: Skipped; message: string }> => {
  const rows = await readPeopleSheet(file, spec.sheet);
  const check = await spec.checker();
  const registered = await registeredOf(strapi, rows);
  const seen = new Set<string>();
  const skipped: Skipped = {};
  const accepted: Input[] = [];
  for (const row of rows) {
    const { email, mobile, reason } = checkContact(row, seen, registered);
    const result =
      reason ?? (!email || mobile === false ? REASONS.email : check(row, { email, mobile }));
    if (typeof result === 'string') skip(skipped, result, row, row.values.Name, row.values.Email);
    else accepted.push(result);
  }
  if (accepted.length === 0) return { data: [], skippedRecords: skipped, message: spec.message(0) };
  const role = await personRole(strapi, spec.kind);
  const made = await saveImported(strapi, accepted, (input, hash) =>
    spec.insert(input, role, hash),
  );
  const data = await spec.load(made.map((m) => m.personId));
  return { data, skippedRecords: skipped, message: spec.message(data.length) };
};
