/**
 * POST /api/learners-bulk: the learners template's rows checked one by one (reasons below, the
 * first that applies), the accepted ones written in one transaction, then the set-password
 * emails. The answer lists the skipped rows grouped by reason. The run is import-people.ts'.
 */
import type { Core } from '@strapi/strapi';
import type { UploadedFile } from '../../platform/files/uploads';
import { importDate, listOf } from '../imports';
import { insertLearner, learnersByIds, type LearnerInput } from './learners';
import { batchesByName, importPeople, REASONS } from './import-people';

export const LEARNER_COLUMNS = [
  'Name',
  'Email',
  'Mobile',
  'Roll Number',
  'Enrollment Date',
  'Batch',
];

export const importLearners = (strapi: Core.Strapi, file: UploadedFile | null) =>
  importPeople(strapi, file, {
    kind: 'student',
    sheet: { columns: LEARNER_COLUMNS, kind: 'learners', shortText: ['Name', 'Roll Number'] },
    checker: async () => {
      const batches = await batchesByName(strapi);
      return (row, { email, mobile }): LearnerInput | string => {
        const v = row.values;
        const batchNames = listOf(v.Batch);
        const enrolled = importDate(v['Enrollment Date']);
        if (batchNames.some((b) => !batches.has(b.toLowerCase()))) return REASONS.batch;
        if (enrolled === false) return REASONS.date;
        return {
          StudentName: v.Name,
          student_email: email,
          student_mobile_number: mobile,
          Roll_Number: v['Roll Number'] || null,
          student_enrollment_date: enrolled,
          batches: batchNames.map((b) => batches.get(b.toLowerCase()) ?? ''),
        };
      };
    },
    insert: (input, role, hash) => insertLearner(strapi, input, role, hash),
    load: (ids) => learnersByIds(strapi, ids),
    message: (n) => (n === 0 ? 'No learner(s) imported' : `${n} learner(s) imported successfully`),
  });
