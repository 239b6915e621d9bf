import type { Core, UID } from '@strapi/strapi';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { findRole } from './roles';
import { seedInstituteTimeZone } from '../modules/institute';

type Data = Record<string, unknown>;

interface Created {
  id: number;
  documentId: string;
}

/** SEED_DEMO: on unless NODE_ENV=production; "false"/"0"/"no"/"off" turn it off, anything else on. */
export const isSeedEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => {
  const raw = env.SEED_DEMO?.trim().toLowerCase();
  if (!raw) {
    return env.NODE_ENV !== 'production';
  }
  return !['false', '0', 'no', 'off'].includes(raw);
};

const days = (n: number): Date => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

const MCQ = [
  {
    question: 'Which Article of the Constitution of India abolishes untouchability?',
    option_a: 'Article 14',
    option_b: 'Article 17',
    option_c: 'Article 21',
    option_d: 'Article 32',
    correct_answer: 'b',
    explanation: 'Article 17 abolishes untouchability and forbids its practice in any form.',
    subject: 'polity',
  },
  {
    question: 'Who presides over a joint sitting of the two Houses of Parliament?',
    option_a: 'The President',
    option_b: 'The Vice-President',
    option_c: 'The Speaker of the Lok Sabha',
    option_d: 'The Prime Minister',
    correct_answer: 'c',
    explanation: 'Under Article 108 the Speaker of the Lok Sabha presides over a joint sitting.',
    subject: 'polity',
  },
  {
    question: 'How many members can the President nominate to the Rajya Sabha?',
    option_a: '2',
    option_b: '10',
    option_c: '12',
    option_d: '15',
    correct_answer: 'c',
    explanation:
      'Article 80 lets the President nominate 12 members with special knowledge of literature, science, art and social service.',
    subject: 'polity',
  },
  {
    question: 'Gross Domestic Product measured at constant prices is called:',
    option_a: 'Nominal GDP',
    option_b: 'Real GDP',
    option_c: 'GDP deflator',
    option_d: 'Net National Product',
    correct_answer: 'b',
    explanation:
      'Real GDP values output at the prices of a base year, removing the effect of inflation.',
    subject: 'economy',
  },
  {
    question: 'A sustained rise in the general price level is known as:',
    option_a: 'Deflation',
    option_b: 'Stagflation',
    option_c: 'Inflation',
    option_d: 'Disinflation',
    correct_answer: 'c',
    explanation: 'Inflation is a sustained increase in the general level of prices.',
    subject: 'economy',
  },
] as const;

/**
 * A small institute for demos and tests: an administrator, a faculty member, two students in one
 * batch, one course with two subjects (two topics each), one Prelims test (5 multiple-choice
 * questions) and one Mains test (2 descriptive questions). Runs only on a database without users.
 */
export const seedDemoData = async (strapi: Core.Strapi): Promise<boolean> => {
  const userCount = await strapi.db.query('plugin::users-permissions.user').count();
  if (userCount > 0) {
    return false;
  }

  const create = async (uid: UID.ContentType, data: Data): Promise<Created> => {
    const documents = strapi.documents(uid) as unknown as {
      create(params: { data: Data }): Promise<Created>;
    };
    return documents.create({ data });
  };

  await strapi.db.transaction(async () => {
    const category = await create('api::test-category.test-category', {
      CategoryName: 'Civil Services',
    });
    const english = await create('api::test-language.test-language', { LanguageName: 'English' });
    await create('api::test-language.test-language', { LanguageName: 'Hindi' });
    const prelims = await create('api::test-sub-category.test-sub-category', {
      TestSubCategory: 'Prelims',
    });
    const mains = await create('api::test-sub-category.test-sub-category', {
      TestSubCategory: 'Mains',
    });
    const gsPaper = await create('api::test-sub-category-2.test-sub-category-2', {
      test_sub_category_2: 'General Studies Paper I',
      type: 'test',
      test_sub_category: prelims.documentId,
    });
    const essay = await create('api::test-sub-category-2.test-sub-category-2', {
      test_sub_category_2: 'Essay',
      type: 'test',
      test_sub_category: mains.documentId,
    });

    const polity = await create('api::subject.subject', {
      SubjectName: 'Indian Polity',
      subject_code: 'POL101',
    });
    const economy = await create('api::subject.subject', {
      SubjectName: 'Indian Economy',
      subject_code: 'ECO101',
    });
    const topic = (topic_name: string, topic_description: string, subject: Created) =>
      create('api::topic.topic', { topic_name, topic_description, subject: subject.documentId });
    const topics = [
      await topic(
        'The Constitution: making and features',
        'Sources, features and the Preamble.',
        polity,
      ),
      await topic('Parliament', 'Houses, sessions, law-making.', polity),
      await topic('National income', 'GDP, GNP and how they are measured.', economy),
      await topic('Inflation', 'Measures, causes and control of inflation.', economy),
    ];

    const faculty = await create('api::faculty.faculty', {
      FacultyName: 'Priya Raman',
      faculty_email_id: DEMO_ACCOUNTS.faculty.email,
      faculty_mobile_number: '9000000001',
      faculty_address: '12 College Road, Chennai',
      faculty_joining_date: isoDate(days(-400)),
      subjects: [polity.documentId, economy.documentId],
    });
    /** Demo learner `n` (roll number DEMO-00n, mobile 900000001n), enrolled a month ago. */
    const learner = (StudentName: string, n: number, account: { email: string }) =>
      create('api::student.student', {
        StudentName,
        Roll_Number: `DEMO-00${n}`,
        student_mobile_number: `900000001${n}`,
        student_email: account.email,
        student_enrollment_date: isoDate(days(-30)),
      });
    const student1 = await learner('Arjun Mehta', 1, DEMO_ACCOUNTS.student1);
    const student2 = await learner('Sara Khan', 2, DEMO_ACCOUNTS.student2);
    const batch = await create('api::batch.batch', {
      Batch: 'Foundation Batch 2026',
      batch_start_date: isoDate(days(-30)),
      batch_end_date: isoDate(days(335)),
      students: [student1.documentId, student2.documentId],
      faculties: [faculty.documentId],
    });
    const course = await create('api::course.course', {
      course_name: 'Civil Services Foundation',
      course_description: 'Polity and economy for the preliminary and main examinations.',
      course_outcome:
        'Answer Prelims questions with confidence and write structured Mains answers.',
      course_requirements: 'A graduate degree (or final year) and eight hours a week.',
      is_public: false,
      is_active: true,
      test_category: category.documentId,
      test_language: english.documentId,
      subjects: [polity.documentId, economy.documentId],
      batches: [batch.documentId],
      faculties: [faculty.documentId],
      topics: topics.map((t) => t.documentId),
    });

    const common = {
      test_category: category.documentId,
      test_language: english.documentId,
      faculties: [faculty.documentId],
      batch: batch.documentId,
      subjects: [polity.documentId, economy.documentId],
      course: course.documentId,
      ValidFrom: days(-1).toISOString(),
      ValidTo: days(60).toISOString(),
      Attempts: 0,
    };
    const prelimsTest = await create('api::test.test', {
      ...common,
      TestName: 'Prelims Mock Test 1',
      Description: 'Five questions on polity and economy.',
      TestDuration: 30,
      enable_practice_test: true,
      MaximumMarks: 10,
      PassMark: 4,
      pass_mark_unit: 'marks',
      instructions:
        'Each correct answer earns 2 marks; each wrong answer costs 0.5. Unanswered questions score 0.',
      test_sub_category: prelims.documentId,
      test_sub_category_2: gsPaper.documentId,
    });
    const mainsTest = await create('api::test.test', {
      ...common,
      TestName: 'Mains Answer Writing 1',
      Description: 'Two descriptive questions, evaluated by faculty.',
      TestDuration: 60,
      enable_practice_test: false,
      MaximumMarks: 20,
      PassMark: 40,
      pass_mark_unit: 'percent',
      instructions: 'Write each answer on paper, scan it and upload it as one PDF per question.',
      test_sub_category: mains.documentId,
      test_sub_category_2: essay.documentId,
    });

    const subjectOf = { polity: polity.documentId, economy: economy.documentId };
    for (const { subject, ...question } of MCQ) {
      await create('api::question.question', {
        ...question,
        question_type: 'MCQ',
        points_correct_answer: 2,
        points_incorrect_answer: -0.5,
        subject: subjectOf[subject],
        test: prelimsTest.documentId,
      });
    }
    await create('api::question.question', {
      question:
        'Discuss the role of the Rajya Sabha as a chamber representing the States. (250 words)',
      question_type: 'Descriptive',
      points_correct_answer: 10,
      points_incorrect_answer: 0,
      explanation:
        'Expected: federal character, Article 249/312 powers, equal legislative role, limits on money bills.',
      subject: polity.documentId,
      test: mainsTest.documentId,
    });
    await create('api::question.question', {
      question:
        'Explain the difference between demand-pull and cost-push inflation, with Indian examples. (250 words)',
      question_type: 'Descriptive',
      points_correct_answer: 10,
      points_incorrect_answer: 0,
      explanation:
        'Expected: definitions, causes, examples (fuel prices, food prices), policy responses.',
      subject: economy.documentId,
      test: mainsTest.documentId,
    });

    const createUser = async (account: DemoAccount, links: Data): Promise<void> => {
      const role = await findRole(strapi, account.roleType);
      if (!role) {
        throw new Error(`Role ${account.roleType} is missing`);
      }
      await create('plugin::users-permissions.user', {
        username: account.username,
        email: account.email,
        password: account.password,
        provider: 'local',
        confirmed: true,
        blocked: false,
        UserRole: account.userRole,
        role: role.documentId,
        ...links,
      });
    };
    await createUser(DEMO_ACCOUNTS.admin, {});
    await createUser(DEMO_ACCOUNTS.faculty, { faculty: faculty.documentId });
    await createUser(DEMO_ACCOUNTS.student1, { student: student1.documentId });
    await createUser(DEMO_ACCOUNTS.student2, { student: student2.documentId });
  });

  // Dates show in the machine's zone, as the browser journeys on this machine type them (issue 24).
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  await seedInstituteTimeZone(strapi.db.connection, zone);

  strapi.log.info(
    'Seeded the demo institute (SEED_DEMO). Sign-ins: ' +
      Object.values(DEMO_ACCOUNTS)
        .map((a) => a.email)
        .join(', '),
  );
  return true;
};
