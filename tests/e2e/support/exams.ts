// Test data for the keyboard and accessibility journeys (issue 24): a batch of their own (so the
// learner's test list holds only their tests) and a multiple-choice test made through the API,
// with sections when asked. Other journeys keep their own set-ups; these are for short checks.
import { expect, type APIRequestContext } from '@playwright/test';

type Headers = Record<string, string>;

/** A new batch named `name`, taught by `faculties` (documentIds); its documentId. */
export async function createBatch(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  faculties: string[] = [],
) {
  const made = await request.post('/api/batches', {
    headers,
    data: {
      data: {
        Batch: name,
        batch_start_date: '2026-01-01',
        batch_end_date: '2027-12-31',
        faculties,
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { data: { documentId: string } }).data.documentId;
}

export interface McqPlan {
  name: string;
  batchId: string;
  /** The question texts; the options are "Choice A of <n>" … "Choice D of <n>", A correct. */
  questions: string[];
  /** Two or more sections in a fixed order, each with the questions of one subject. */
  sections?: Array<{ name: string; minutes: number; questions: number[] }>;
}

/** A multiple-choice test open now for `batchId`; its documentId. */
export async function createMcqTest(request: APIRequestContext, headers: Headers, plan: McqPlan) {
  const subjects: string[] = [];
  for (const section of plan.sections ?? []) {
    const made = await request.post('/api/subjects', {
      headers,
      data: { data: { SubjectName: `${section.name} ${plan.name}` } },
    });
    expect(made.status(), await made.text()).toBe(201);
    subjects.push(((await made.json()) as { data: { documentId: string } }).data.documentId);
  }
  const minutes = (plan.sections ?? []).reduce((sum, section) => sum + section.minutes, 0);
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: plan.name,
        instructions: 'Answer each question.',
        TestDuration: minutes || 30,
        MaximumMarks: plan.questions.length * 2,
        PassMark: 1,
        pass_mark_unit: 'marks',
        max_attempts: 1,
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
        batch: plan.batchId,
        ...(plan.sections
          ? {
              sections: plan.sections.map((section) => ({
                name: section.name,
                minutes: section.minutes,
                subjects: [`${section.name} ${plan.name}`],
              })),
              sections_fixed_order: true,
            }
          : {}),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  for (const [index, text] of plan.questions.entries()) {
    const sectionIndex = (plan.sections ?? []).findIndex((s) => s.questions.includes(index));
    const made = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question: text,
          option_a: `Choice A of ${index + 1}`,
          option_b: `Choice B of ${index + 1}`,
          option_c: `Choice C of ${index + 1}`,
          option_d: `Choice D of ${index + 1}`,
          correct_answer: 'a',
          points_correct_answer: 2,
          points_incorrect_answer: 0,
          question_type: 'MCQ',
          test: testId,
          ...(sectionIndex >= 0 ? { subject: subjects[sectionIndex] } : {}),
        },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return testId;
}
