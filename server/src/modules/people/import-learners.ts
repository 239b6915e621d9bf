/**
 * POST /api/learners-bulk: the learners template's rows checked one by one (reasons below, the
 * first that applies), the accepted ones written in one transaction, then the set-password
 * emails. The answer lists the skipped rows grouped by reason.
 */
import type { Core } from '@strapi/strapi';
import type { UploadedFile } from '../../platform/files/uploads';
import { importDate, listOf, readPeopleSheet, skip, type Skipped } from '../imports';
import {
  insertLearner,
  learnersByIds,
  studentRole,
  type Learner,
  type LearnerInput,
} from './learners';
import { batchesByName, checkContact, REASONS, registeredOf, saveImported } from './import-people';

export const LEARNER_COLUMNS = [
  'Name',
  'Email',
  'Mobile',
  'Roll Number',
  'Enrollment Date',
  'Batch',
];

export const importLearners = async (
  strapi: Core.Strapi,
  file: UploadedFile | null,
): Promise<{ data: Learner[]; skippedRecords: Skipped; message: string }> => {
  const rows = await readPeopleSheet(file, {
    columns: LEARNER_COLUMNS,
    kind: 'learners',
    shortText: ['Name', 'Roll Number'],
  });
  const batches = await batchesByName(strapi);
  const registered = await registeredOf(strapi, rows);
  const seen = new Set<string>();
  const skipped: Skipped = {};
  const accepted: LearnerInput[] = [];
  for (const row of rows) {
    const v = row.values;
    const name = v.Name;
    const contact = checkContact(row, seen, registered);
    const { email, mobile } = contact;
    const batchNames = listOf(v.Batch);
    const enrolled = importDate(v['Enrollment Date']);
    const reason =
      contact.reason ??
      (batchNames.some((b) => !batches.has(b.toLowerCase()))
        ? REASONS.batch
        : enrolled === false
          ? REASONS.date
          : null);
    if (reason || !email || mobile === false || enrolled === false) {
      skip(skipped, reason ?? REASONS.email, row, name, v.Email);
      continue;
    }
    accepted.push({
      StudentName: name,
      student_email: email,
      student_mobile_number: mobile,
      Roll_Number: v['Roll Number'] || null,
      student_enrollment_date: enrolled,
      batches: batchNames.map((b) => batches.get(b.toLowerCase()) ?? ''),
    });
  }
  if (accepted.length === 0) {
    return { data: [], skippedRecords: skipped, message: 'No learner(s) imported' };
  }
  const role = await studentRole(strapi);
  const made = await saveImported(strapi, accepted, (input, hash) =>
    insertLearner(strapi, input, role, hash),
  );
  const data = await learnersByIds(
    strapi,
    made.map((m) => m.studentId),
  );
  return {
    data,
    skippedRecords: skipped,
    message: `${data.length} learner(s) imported successfully`,
  };
};
