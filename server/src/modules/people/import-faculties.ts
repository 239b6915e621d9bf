// The faculties import: one spreadsheet row per faculty member, checked like a form, then
// created with their user accounts.
import type { Core } from '@strapi/strapi';
import type { UploadedFile } from '../../platform/files/uploads';
import { knexOf } from './common';
import { batchesByName, checkContact, REASONS, registeredOf, saveImported } from './import-people';
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
  const batches = await batchesByName(strapi);
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
  const registered = await registeredOf(strapi, rows);
  const seen = new Set<string>();
  const skipped: Skipped = {};
  const accepted: FacultyInput[] = [];
  for (const row of rows) {
    const v = row.values;
    const contact = checkContact(row, seen, registered);
    const { email, mobile } = contact;
    const batchNames = listOf(v.Batches);
    const subjectNames = listOf(v.Subjects);
    const joined = importDate(v['Joining Date']);
    const reason =
      contact.reason ??
      (batchNames.some((b) => !batches.has(b.toLowerCase()))
        ? REASONS.batch
        : subjectNames.some((s) => !subjects.has(s.toLowerCase()))
          ? REASONS.subject
          : joined === false
            ? REASONS.date
            : null);
    if (reason || !email || mobile === false || joined === false) {
      skip(skipped, reason ?? REASONS.email, row, v.Name, v.Email);
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
  const made = await saveImported(strapi, accepted, (input, hash) =>
    insertFaculty(strapi, input, role, hash),
  );
  const data = await facultiesByIds(
    strapi,
    made.map((m) => m.facultyId),
  );
  return { data, skippedRecords: skipped, message: `${data.length} faculties added successfully` };
};
