import type { Core, UID } from '@strapi/strapi';
import { DEMO_ACCOUNTS } from './demo-accounts';

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
      meeting_url: 'https://zoom.us/j/0000000000',
      course: course.documentId,
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
  strapi.log.info(
    'Seeded the demo assignment, course contents, video, live class and notification.',
  );
  return true;
};
