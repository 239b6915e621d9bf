/**
 * POST /api/learners-bulk: the learners template's rows checked one by one (reasons below, the
 * first that applies), the accepted ones written in one transaction, then the set-password
 * emails. The answer lists the skipped rows grouped by reason.
 */
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
import {
  insertLearner,
  learnersByIds,
  studentRole,
  type Learner,
  type LearnerInput,
} from './learners';

export const LEARNER_COLUMNS = [
  'Name',
  'Email',
  'Mobile',
  'Roll Number',
  'Enrollment Date',
  'Batch',
];

export const REASONS = {
  name: 'Missing name',
  noEmail: 'Missing email',
  email: 'Invalid email',
  mobile: 'Invalid mobile number',
  duplicate: 'Duplicate email in the file',
  registered: 'Email already registered',
  batch: 'Unknown batch',
  date: 'Invalid date',
} as const;

export const importLearners = async (
  strapi: Core.Strapi,
  file: UploadedFile | null,
): Promise<{ data: Learner[]; skippedRecords: Skipped; message: string }> => {
  const rows = await readPeopleSheet(file, {
    columns: LEARNER_COLUMNS,
    kind: 'learners',
    shortText: ['Name', 'Roll Number'],
  });
  const batches = new Map<string, string>();
  for (const b of (await knexOf(strapi)('batches').select('document_id', 'batch')) as Array<{
    document_id: string;
    batch: string;
  }>) {
    batches.set(b.batch.trim().toLowerCase(), b.document_id);
  }
  const emails = rows.map((r) => validEmail(r.values.Email)).filter((e): e is string => Boolean(e));
  const registered = await registeredEmails(strapi, [...new Set(emails)]);
  const seen = new Set<string>();
  const skipped: Skipped = {};
  const accepted: LearnerInput[] = [];
  for (const row of rows) {
    const v = row.values;
    const name = v.Name;
    const email = validEmail(v.Email);
    const mobile = normalMobile(v.Mobile);
    const batchNames = listOf(v.Batch);
    const enrolled = importDate(v['Enrollment Date']);
    // A cell past its field's length skips the row (Strapi would refuse the whole file).
    const reason =
      row.tooLong ??
      (!name
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
                  : batchNames.some((b) => !batches.has(b.toLowerCase()))
                    ? REASONS.batch
                    : enrolled === false
                      ? REASONS.date
                      : null);
    if (email) seen.add(email);
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
  const hash = await importPasswordHash(strapi);
  const made = await asSystem(() =>
    strapi.db.transaction(async () => {
      const out: Array<{ studentId: number; userId: number }> = [];
      for (const input of accepted) out.push(await insertLearner(strapi, input, role, hash));
      return out;
    }),
  );
  sendSetPasswordEmails(
    strapi,
    made.map((m) => m.userId),
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
