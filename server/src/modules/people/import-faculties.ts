// The faculties import: one spreadsheet row per faculty member, checked like a form, then
// created with their user accounts. The run is import-people.ts'.
import type { Core } from '@strapi/strapi';
import type { UploadedFile } from '../../platform/files/uploads';
import { knexOf } from './common';
import { batchesByName, importPeople, REASONS } from './import-people';
import { importDate, listOf } from '../imports';
import type { FacultyInput } from './faculties';
import { facultiesByIds, insertFaculty } from './faculties';

export const FACULTY_COLUMNS = [
  'Name',
  'Email',
  'Mobile',
  'Address',
  'Joining Date',
  'Subjects',
  'Batches',
];

/** Every subject's document id by its lower-case name and by its lower-case code. */
const subjectsByNameOrCode = async (strapi: Core.Strapi): Promise<Map<string, string>> => {
  const subjects = new Map<string, string>();
  for (const s of (await knexOf(strapi)('subjects').select(
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
  return subjects;
};

export const importFaculties = (strapi: Core.Strapi, file: UploadedFile | null) =>
  importPeople(strapi, file, {
    kind: 'faculty',
    sheet: { columns: FACULTY_COLUMNS, kind: 'faculties', shortText: ['Name'] },
    checker: async () => {
      const batches = await batchesByName(strapi);
      const subjects = await subjectsByNameOrCode(strapi);
      return (row, { email, mobile }): FacultyInput | string => {
        const v = row.values;
        const batchNames = listOf(v.Batches);
        const subjectNames = listOf(v.Subjects);
        const joined = importDate(v['Joining Date']);
        if (batchNames.some((b) => !batches.has(b.toLowerCase()))) return REASONS.batch;
        if (subjectNames.some((s) => !subjects.has(s.toLowerCase()))) return REASONS.subject;
        if (joined === false) return REASONS.date;
        return {
          FacultyName: v.Name,
          faculty_email_id: email,
          faculty_mobile_number: mobile,
          faculty_address: v.Address || null,
          faculty_joining_date: joined,
          batches: batchNames.map((b) => batches.get(b.toLowerCase()) ?? ''),
          subjects: [...new Set(subjectNames.map((s) => subjects.get(s.toLowerCase()) ?? ''))],
        };
      };
    },
    insert: (input, role, hash) => insertFaculty(strapi, input, role, hash),
    load: (ids) => facultiesByIds(strapi, ids),
    message: (n) => `${n} faculties added successfully`,
  });
