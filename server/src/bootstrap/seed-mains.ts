import type { Core, UID } from '@strapi/strapi';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { findRole } from './roles';

/**
 * The demo of Mains evaluation (issue 8): a second faculty member, Rahul Verma
 * (faculty2@demo.test), who evaluates Indian Economy while Priya Raman evaluates Indian Polity,
 * both teaching "Foundation Batch 2026" and linked to "Mains Answer Writing 1"; and an assignment
 * "Essay Practice 1" (both subjects, 20 marks, due in 14 days, two descriptive questions). Runs
 * once when the demo institute exists; a marker keeps deleted records from coming back.
 */
type Data = Record<string, unknown>;

interface Doc {
  id: number;
  documentId: string;
}

const MARKER = { type: 'core', name: 'portal', key: 'demo-mains-seeded' } as const;
const COURSE = 'Civil Services Foundation';
const BATCH = 'Foundation Batch 2026';
const MAINS_TEST = 'Mains Answer Writing 1';
const ASSIGNMENT = 'Essay Practice 1';
const PRIYA = 'Priya Raman';
const SECOND_FACULTY = 'Rahul Verma';

const days = (n: number): Date => new Date(Date.now() + n * 24 * 60 * 60 * 1000);

interface Documents {
  findFirst(params: { filters: Data; populate?: Data }): Promise<Data | null>;
  create(params: { data: Data }): Promise<Doc>;
  update(params: { documentId: string; data: Data }): Promise<unknown>;
}

export const seedMainsDemo = async (strapi: Core.Strapi): Promise<boolean> => {
  const store = strapi.store({ type: MARKER.type, name: MARKER.name });
  if (await store.get({ key: MARKER.key })) {
    return false;
  }
  const docs = (uid: UID.ContentType): Documents => strapi.documents(uid) as unknown as Documents;
  const course = (await docs('api::course.course').findFirst({
    filters: { course_name: COURSE },
    populate: { subjects: true, test_category: true, test_language: true },
  })) as
    | (Doc & {
        subjects: Array<Doc & { SubjectName: string }>;
        test_category: Doc | null;
        test_language: Doc | null;
      })
    | null;
  const batch = (await docs('api::batch.batch').findFirst({
    filters: { Batch: BATCH },
    populate: { faculties: true },
  })) as (Doc & { faculties: Doc[] }) | null;
  const priya = (await docs('api::faculty.faculty').findFirst({
    filters: { FacultyName: PRIYA },
  })) as Doc | null;
  if (!course || !batch || !priya) {
    return false;
  }
  const polity = course.subjects.find((s) => s.SubjectName === 'Indian Polity') ?? null;
  const economy = course.subjects.find((s) => s.SubjectName === 'Indian Economy') ?? null;
  if (!polity || !economy) {
    return false;
  }
  const mains = (await docs('api::test-sub-category.test-sub-category').findFirst({
    filters: { TestSubCategory: 'Mains' },
  })) as Doc | null;

  await strapi.db.transaction(async () => {
    await docs('api::faculty.faculty').update({
      documentId: priya.documentId,
      data: { subjects: [polity.documentId] },
    });
    let arjun = (await docs('api::faculty.faculty').findFirst({
      filters: { faculty_email_id: DEMO_ACCOUNTS.faculty2.email },
    })) as Doc | null;
    arjun ??= await docs('api::faculty.faculty').create({
      data: {
        FacultyName: SECOND_FACULTY,
        faculty_email_id: DEMO_ACCOUNTS.faculty2.email,
        faculty_mobile_number: '9000000002',
        faculty_address: '4 Lake View, Pune',
        faculty_joining_date: days(-200).toISOString().slice(0, 10),
        subjects: [economy.documentId],
      },
    });
    await docs('api::batch.batch').update({
      documentId: batch.documentId,
      data: {
        faculties: [
          ...new Set([
            ...batch.faculties.map((f) => f.documentId),
            priya.documentId,
            arjun.documentId,
          ]),
        ],
      },
    });
    const user = await strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { email: DEMO_ACCOUNTS.faculty2.email }, select: ['id'] });
    const role = await findRole(strapi, DEMO_ACCOUNTS.faculty2.roleType);
    if (!user && role) {
      await docs('plugin::users-permissions.user').create({
        data: {
          username: DEMO_ACCOUNTS.faculty2.username,
          email: DEMO_ACCOUNTS.faculty2.email,
          password: DEMO_ACCOUNTS.faculty2.password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          UserRole: DEMO_ACCOUNTS.faculty2.userRole,
          role: role.documentId,
          faculty: arjun.documentId,
        },
      });
    }
    const test = (await docs('api::test.test').findFirst({
      filters: { TestName: MAINS_TEST },
      populate: { faculties: true },
    })) as (Doc & { faculties: Doc[] }) | null;
    if (test) {
      await docs('api::test.test').update({
        documentId: test.documentId,
        data: {
          faculties: [
            ...new Set([
              ...test.faculties.map((f) => f.documentId),
              priya.documentId,
              arjun.documentId,
            ]),
          ],
          subjects: [polity.documentId, economy.documentId],
        },
      });
    }
    const assignment = await docs('api::assignment.assignment').create({
      data: {
        assignment_name: ASSIGNMENT,
        assignment_description:
          'Two short essays, one on polity and one on the economy, evaluated subject by subject.',
        assignment_duration: 90,
        assignment_submission_date: days(14).toISOString(),
        MaximumMarks: 20,
        test_category: course.test_category?.documentId ?? null,
        test_sub_category: mains?.documentId ?? null,
        test_language: course.test_language?.documentId ?? null,
        faculties: [priya.documentId, arjun.documentId],
        batch: batch.documentId,
        subjects: [polity.documentId, economy.documentId],
        course: course.documentId,
      },
    });
    for (const [question, subject] of [
      [
        'Should the office of the Governor be reformed? Discuss with reference to recent disputes. (250 words)',
        polity.documentId,
      ],
      [
        'How does inflation targeting work in India, and has it succeeded? (250 words)',
        economy.documentId,
      ],
    ] as const) {
      await docs('api::question.question').create({
        data: {
          question,
          question_type: 'Descriptive',
          points_correct_answer: 10,
          points_incorrect_answer: 0,
          subject,
          assignment: assignment.documentId,
        },
      });
    }
  });
  await store.set({ key: MARKER.key, value: true });
  strapi.log.info('Seeded the Mains demo: a second faculty member and "Essay Practice 1".');
  return true;
};
