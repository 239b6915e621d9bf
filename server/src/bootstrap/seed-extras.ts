import type { Core, UID } from '@strapi/strapi';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedMainsDemo } from './seed-mains';

type Data = Record<string, unknown>;

interface Doc {
  id: number;
  documentId: string;
}

const DEMO_COURSE = 'Civil Services Foundation';
const DEMO_ASSIGNMENT = 'Polity Assignment 1';
const OPEN_COURSE = 'Current Affairs (open to all)';

const days = (n: number): Date => new Date(Date.now() + n * 24 * 60 * 60 * 1000);

const MARKER = { type: 'core', name: 'portal', key: 'demo-extras-seeded' } as const;

/**
 * The demo institute's records of the content types added after the first demo (issue 3): a
 * public course, one course-content row per subject, a YouTube video, an assignment with a
 * question, a live class and a notification. Runs once, when the demo institute exists, so a
 * database seeded by an older version gets them too; a marker in Strapi's store keeps records an
 * administrator deleted from coming back.
 */
export const seedDemoExtras = async (strapi: Core.Strapi): Promise<boolean> => {
  const seeded = await seedExtrasOnce(strapi);
  // Issue 8: the second faculty member and the Mains assignment (their own marker).
  await seedMainsDemo(strapi);
  return seeded;
};

const seedExtrasOnce = async (strapi: Core.Strapi): Promise<boolean> => {
  const store = strapi.store({ type: MARKER.type, name: MARKER.name });
  if (await store.get({ key: MARKER.key })) {
    return false;
  }
  const find = async (
    uid: UID.ContentType,
    filters: Data,
    populate?: Data,
  ): Promise<Data | null> => {
    const documents = strapi.documents(uid) as unknown as {
      findFirst(params: { filters: Data; populate?: Data }): Promise<Data | null>;
    };
    return documents.findFirst({ filters, populate });
  };
  const course = (await find(
    'api::course.course',
    { course_name: DEMO_COURSE },
    {
      subjects: { populate: { topics: true } },
      batches: true,
      faculties: true,
      test_category: true,
      test_language: true,
    },
  )) as
    | (Doc & {
        subjects: Array<Doc & { topics: Array<Doc & { topic_name: string }> }>;
        batches: Doc[];
        faculties: Doc[];
        test_category: Doc | null;
        test_language: Doc | null;
      })
    | null;
  if (!course || (await find('api::assignment.assignment', { assignment_name: DEMO_ASSIGNMENT }))) {
    return false;
  }
  const mains = (await find('api::test-sub-category.test-sub-category', {
    TestSubCategory: 'Mains',
  })) as Doc | null;
  const essay = (await find('api::test-sub-category-2.test-sub-category-2', {
    test_sub_category_2: 'Essay',
  })) as Doc | null;
  const student1 = (await find(
    'plugin::users-permissions.user',
    { email: DEMO_ACCOUNTS.student1.email },
    { student: true },
  )) as (Doc & { student: Doc | null }) | null;

  const create = async (uid: UID.ContentType, data: Data): Promise<Doc> => {
    const documents = strapi.documents(uid) as unknown as {
      create(params: { data: Data }): Promise<Doc>;
    };
    return documents.create({ data });
  };
  const update = async (uid: UID.ContentType, documentId: string, data: Data): Promise<void> => {
    const documents = strapi.documents(uid) as unknown as {
      update(params: { documentId: string; data: Data }): Promise<unknown>;
    };
    await documents.update({ documentId, data });
  };

  await strapi.db.transaction(async () => {
    const [polity, economy] = course.subjects;
    const video = await create('api::youtube-video.youtube-video', {
      title: 'How a Bill becomes an Act',
      url: 'https://www.youtube.com/watch?v=ZrNdp1tFA0s',
    });
    const parliament =
      polity?.topics.find((t) => t.topic_name === 'Parliament') ?? polity?.topics[0] ?? null;
    if (parliament) {
      await update('api::topic.topic', parliament.documentId, {
        youtube_videos: [video.documentId],
      });
    }
    for (const subject of course.subjects) {
      await create('api::course-content.course-content', {
        course: course.documentId,
        subject: subject.documentId,
        topic: subject.topics[0]?.documentId ?? null,
        description: `Reading list and lectures for ${subject.id === polity?.id ? 'polity' : 'economy'}.`,
        youtube_videos: subject.id === polity?.id ? [video.documentId] : [],
      });
    }
    const assignment = await create('api::assignment.assignment', {
      assignment_name: DEMO_ASSIGNMENT,
      assignment_description: 'One descriptive answer on federalism, evaluated by faculty.',
      assignment_duration: 60,
      assignment_submission_date: days(14).toISOString(),
      is_attempted: false,
      MaximumMarks: 10,
      test_category: course.test_category?.documentId ?? null,
      test_sub_category: mains?.documentId ?? null,
      test_sub_category_2: essay?.documentId ?? null,
      test_language: course.test_language?.documentId ?? null,
      faculties: course.faculties.map((f) => f.documentId),
      batch: course.batches[0]?.documentId ?? null,
      subjects: polity ? [polity.documentId] : [],
      course: course.documentId,
    });
    await create('api::question.question', {
      question: 'Is India a federation with a unitary bias? Argue with examples. (150 words)',
      question_type: 'Descriptive',
      points_correct_answer: 10,
      points_incorrect_answer: 0,
      explanation:
        'Expected: Article 1, emergency provisions, Article 356, GST Council, cooperative federalism.',
      subject: polity?.documentId ?? null,
      assignment: assignment.documentId,
    });
    await create('api::class.class', {
      name: 'Live: Parliament in practice',
      date: days(2).toISOString(),
      // Issue 21: a class of the demo batch, joined with a link (Zoom needs the SDK's keys).
      duration_minutes: 60,
      provider: 'link',
      join_url: 'https://meet.example.org/parliament-in-practice',
      course: course.documentId,
      batches: course.batches?.[0]?.documentId ? [course.batches[0].documentId] : [],
      is_public: false,
      cancelled: false,
    });
    await create('api::course.course', {
      course_name: OPEN_COURSE,
      course_description: 'Weekly current-affairs briefings, open to every learner.',
      course_outcome: 'Follow the news with the syllabus in mind.',
      course_requirements: 'None.',
      is_public: true,
      is_active: true,
      test_category: course.test_category?.documentId ?? null,
      test_language: course.test_language?.documentId ?? null,
      subjects: economy ? [economy.documentId] : [],
    });
    if (student1) {
      await create('api::notification.notification', {
        message: `A new assignment is open: ${DEMO_ASSIGNMENT}.`,
        to_user: student1.documentId,
        student: student1.student?.documentId ?? null,
        read: false,
      });
    }
  });
  await store.set({ key: MARKER.key, value: true });
  strapi.log.info(
    'Seeded the demo assignment, course contents, video, live class and notification.',
  );
  return true;
};

const POOL_MARKER = 'demo-question-pool-seeded';

type PoolQuestion = [string, string, string, string, string, 'a' | 'b' | 'c' | 'd', string];

const POOL: Record<'Indian Polity' | 'Indian Economy', PoolQuestion[]> = {
  'Indian Polity': [
    [
      'Who is the ex-officio Chairman of the Rajya Sabha?',
      'The President',
      'The Vice-President',
      'The Prime Minister',
      'The Speaker',
      'b',
      'Article 89: the Vice-President is the ex-officio Chairman of the Council of States.',
    ],
    [
      'Which Article provides for the Finance Commission?',
      'Article 280',
      'Article 270',
      'Article 300',
      'Article 356',
      'a',
      'Article 280 provides for a Finance Commission every five years.',
    ],
    [
      'The Fundamental Duties were added by which Amendment?',
      '24th',
      '42nd',
      '44th',
      '73rd',
      'b',
      'The 42nd Amendment (1976) added Part IV-A, Article 51A.',
    ],
    [
      'Which writ is issued to release a person unlawfully detained?',
      'Mandamus',
      'Certiorari',
      'Habeas corpus',
      'Quo warranto',
      'c',
      'Habeas corpus: "to have the body" of the detained person.',
    ],
    [
      'The maximum strength of the Lok Sabha under the Constitution is:',
      '545',
      '550',
      '552',
      '560',
      'c',
      'Article 81 allows at most 552 members.',
    ],
    [
      'Who appoints the Chief Election Commissioner of India?',
      'The Prime Minister',
      'The President',
      'The Chief Justice',
      'Parliament',
      'b',
      'Article 324: the President appoints the Election Commissioners.',
    ],
  ],
  'Indian Economy': [
    [
      'Which body sets the policy repo rate in India?',
      'SEBI',
      'The Finance Ministry',
      'The Monetary Policy Committee',
      'NITI Aayog',
      'c',
      'The RBI Monetary Policy Committee sets the repo rate.',
    ],
    [
      'GST in India was introduced in:',
      '2015',
      '2016',
      '2017',
      '2018',
      'c',
      'GST came into force on 1 July 2017.',
    ],
    [
      "Which index is used for India's inflation target?",
      'WPI',
      'CPI (Combined)',
      'GDP deflator',
      'IIP',
      'b',
      'The 4% (±2%) target is set on CPI (Combined).',
    ],
    [
      'The fiscal deficit is:',
      'Total expenditure minus total receipts excluding borrowings',
      'Revenue expenditure minus revenue receipts',
      'Imports minus exports',
      'Interest payments minus revenue',
      'a',
      "It is the government's borrowing requirement.",
    ],
    [
      "Which sector contributes the largest share of India's GDP?",
      'Agriculture',
      'Industry',
      'Services',
      'Mining',
      'c',
      'Services contribute more than half of gross value added.',
    ],
    [
      'NABARD mainly provides credit for:',
      'Exports',
      'Agriculture and rural development',
      'Housing',
      'Large industry',
      'b',
      'NABARD is the apex bank for rural credit.',
    ],
  ],
};

/**
 * About a dozen question-pool questions over the two demo subjects (MCQ, 2 / -0.5), so the pool
 * screen and "add from pool" have something to show. Runs once when the demo subjects exist; a
 * marker keeps deleted ones from coming back.
 */
export const seedQuestionPool = async (strapi: Core.Strapi): Promise<boolean> => {
  const store = strapi.store({ type: MARKER.type, name: MARKER.name });
  if (await store.get({ key: POOL_MARKER })) {
    return false;
  }
  const subjects = (await strapi.db.query('api::subject.subject').findMany({
    where: { SubjectName: { $in: Object.keys(POOL) } },
    select: ['documentId', 'SubjectName'],
  })) as Array<{ documentId: string; SubjectName: keyof typeof POOL }>;
  if (subjects.length === 0) {
    return false;
  }
  await strapi.db.transaction(async () => {
    for (const subject of subjects) {
      for (const [question, a, b, c, d, answer, explanation] of POOL[subject.SubjectName]) {
        const documents = strapi.documents('api::question-pool.question-pool') as unknown as {
          create(params: { data: Data }): Promise<unknown>;
        };
        await documents.create({
          data: {
            question,
            option_a: a,
            option_b: b,
            option_c: c,
            option_d: d,
            correct_answer: answer,
            points_correct_answer: 2,
            points_incorrect_answer: -0.5,
            question_type: 'MCQ',
            explanation,
            subject: subject.documentId,
          },
        });
      }
    }
  });
  await store.set({ key: POOL_MARKER, value: true });
  strapi.log.info('Seeded the demo question pool.');
  return true;
};
