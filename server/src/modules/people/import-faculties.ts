// The faculties import: one spreadsheet row per faculty member, checked like a form, then
// created with their user accounts.
import type { Core } from '@strapi/strapi';
import { asSystem } from '../../access/caller';
import type { UploadedFile } from '../../platform/files/uploads';
import {
  importPasswordHash,
  knexOf,
  normalMobile,
  registeredEmails,
  sendSetPasswordEmails,
  validEmail,
} from './common';
import { importDate, listOf, readPeopleSheet, skip, type Skipped } from '../imports';
import type { Faculty, FacultyInput } from './faculties';
import { facultiesByIds, facultyRole, insertFaculty } from './faculties';

export const FACULTY_COLUMNS = [
  'Name',
  'Email',
  'Mobile',
  'Address',
  'Joining Date',
  'Subjects',
  'Batches',
];

export const importFaculties = async (
  strapi: Core.Strapi,
  file: UploadedFile | null,
): Promise<{ data: Faculty[]; skippedRecords: Skipped; message: string }> => {
  const rows = await readPeopleSheet(file, {
    columns: FACULTY_COLUMNS,
    kind: 'faculties',
    shortText: ['Name'],
  });
  const knex = knexOf(strapi);
  const batches = new Map<string, string>();
  for (const b of (await knex('batches').select('document_id', 'batch')) as Array<{
    document_id: string;
    batch: string;
  }>) {
    batches.set(b.batch.trim().toLowerCase(), b.document_id);
  }
  const subjects = new Map<string, string>();
  for (const s of (await knex('subjects').select(
    'document_id',
    'subject_name',
    'subject_code',
  )) as Array<{
    document_id: string;
    subject_name: string | null;
    subject_code: string | null;
  }>) {
    if (s.subject_name) subjects.set(s.subject_name.trim().toLowerCase(), s.document_id);
    if (s.subject_code) subjects.set(s.subject_code.trim().toLowerCase(), s.document_id);
  }
  const emails = rows.map((r) => validEmail(r.values.Email)).filter((e): e is string => Boolean(e));
  const registered = await registeredEmails(strapi, [...new Set(emails)]);
  const seen = new Set<string>();
  const skipped: Skipped = {};
  const accepted: FacultyInput[] = [];
  for (const row of rows) {
    const v = row.values;
    const email = validEmail(v.Email);
    const mobile = normalMobile(v.Mobile);
    const batchNames = listOf(v.Batches);
    const subjectNames = listOf(v.Subjects);
    const joined = importDate(v['Joining Date']);
    // A cell past its field's length skips the row (Strapi would refuse the whole file).
    const reason =
      row.tooLong ??
      (!v.Name
        ? 'Missing name'
        : !v.Email
          ? 'Missing email'
          : !email
            ? 'Invalid email'
            : mobile === false
              ? 'Invalid mobile number'
              : seen.has(email)
                ? 'Duplicate email in the file'
                : registered.has(email)
                  ? 'Email already registered'
                  : batchNames.some((b) => !batches.has(b.toLowerCase()))
                    ? 'Unknown batch'
                    : subjectNames.some((s) => !subjects.has(s.toLowerCase()))
                      ? 'Unknown subject'
                      : joined === false
                        ? 'Invalid date'
                        : null);
    if (email) seen.add(email);
    if (reason || !email || mobile === false || joined === false) {
      skip(skipped, reason ?? 'Invalid email', row, v.Name, v.Email);
      continue;
    }
    accepted.push({
      FacultyName: v.Name,
      faculty_email_id: email,
      faculty_mobile_number: mobile,
      faculty_address: v.Address || null,
      faculty_joining_date: joined,
      batches: batchNames.map((b) => batches.get(b.toLowerCase()) ?? ''),
      subjects: [...new Set(subjectNames.map((s) => subjects.get(s.toLowerCase()) ?? ''))],
    });
  }
  if (accepted.length === 0) {
    return { data: [], skippedRecords: skipped, message: '0 faculties added successfully' };
  }
  const role = await facultyRole(strapi);
  const hash = await importPasswordHash(strapi);
  const made = await asSystem(() =>
    strapi.db.transaction(async () => {
      const out: Array<{ facultyId: number; userId: number }> = [];
      for (const input of accepted) out.push(await insertFaculty(strapi, input, role, hash));
      return out;
    }),
  );
  sendSetPasswordEmails(
    strapi,
    made.map((m) => m.userId),
  );
  const data = await facultiesByIds(
    strapi,
    made.map((m) => m.facultyId),
  );
  return { data, skippedRecords: skipped, message: `${data.length} faculties added successfully` };
};
