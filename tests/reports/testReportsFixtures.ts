// A multiple-choice test's reports (issue 22), as docs/api.md "Reports (issue 22)" shapes them.
import { http, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { list, pagination } from '../courses/courseFixtures';

export const mcqTest = { id: 7, documentId: 'test-1', TestName: 'Prelims Mock 1' };

export function resultRow(index: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    resultDocumentId: `result-${index}`,
    attemptDocumentId: `attempt-${index}`,
    learner: { documentId: `stu-${index}`, name, rollNumber: `R-${index}` },
    batch: { documentId: 'batch-1', name: 'Foundation Batch 2026' },
    score: 40 - index,
    correct: 20 - index,
    wrong: index,
    skipped: 2,
    timeTakenSeconds: 600 + index * 65,
    attemptNumber: 1,
    rank: index,
    percentile: 100 - index * 10,
    passed: index < 3,
    status: 'submitted',
    ...extra,
  };
}

const bins = (counts: number[], width: number) =>
  counts.map((count, index) => ({ from: index * width, to: (index + 1) * width, count }));

export function summary(count: number) {
  return {
    count,
    mean: count ? 31.5 : null,
    median: count ? 32 : null,
    standardDeviation: count ? 4.25 : null,
    highest: count ? 39 : null,
    lowest: count ? 22 : null,
    passRate: count ? 0.667 : null,
    scoreDistribution: bins(count ? [0, 0, 0, 0, 1, 0, 1, 2, 1, 1] : Array(10).fill(0), 5),
    timeDistribution: bins(count ? [0, 1, 2, 1, 1, 1, 0, 0, 0, 0] : Array(10).fill(0), 360),
  };
}

export function testData(count = 6) {
  return {
    data: {
      test: {
        documentId: 'test-1',
        name: 'Prelims Mock 1',
        maxMarks: 50,
        passMark: 25,
        questions: 2,
      },
      attempt: 'best',
      statistics: summary(count),
      perBatch: count
        ? [
            { batch: { documentId: 'batch-1', name: 'Foundation Batch 2026' }, ...summary(4) },
            { batch: { documentId: 'batch-2', name: 'Weekend Batch' }, ...summary(2) },
          ]
        : [],
      groups: { learners: count, groupSize: count ? 2 : 0 },
      items: [
        {
          questionDocumentId: 'q-1',
          number: 1,
          question: 'Which article abolishes untouchability?',
          subject: { documentId: 'subject-polity', name: 'Polity' },
          correctAnswer: 'b',
          takers: 6,
          correct: 5,
          blank: 1,
          markedImportant: 0,
          facility: 0.833,
          discrimination: 0.5,
          pointBiserial: 0.412,
          options: [
            { option: 'a', text: 'Article 14', correct: false, count: 0, top: 0, bottom: 0 },
            { option: 'b', text: 'Article 17', correct: true, count: 5, top: 2, bottom: 1 },
          ],
          flags: ['unused-distractor'],
        },
        {
          questionDocumentId: 'q-2',
          number: 2,
          question: 'Who chairs the GST Council?',
          subject: null,
          correctAnswer: 'a',
          takers: 6,
          correct: 3,
          blank: 0,
          markedImportant: 2,
          facility: 0.5,
          discrimination: 0.5,
          pointBiserial: 0.3,
          options: [
            { option: 'a', text: 'Finance Minister', correct: true, count: 3, top: 2, bottom: 0 },
            { option: 'b', text: 'Prime Minister', correct: false, count: 3, top: 0, bottom: 2 },
          ],
          flags: [],
        },
      ],
      notes: {
        statistics: { mean: 'The average score of the counted results.' },
        items: {
          facility: 'The share of learners who answered correctly.',
          discrimination: 'How much better the top group did than the bottom group.',
        },
      },
    },
  };
}

/** Serves the test picker, the batches, the results (recording each query) and the export. */
export function serveTestReports(
  options: {
    rows?: unknown[];
    total?: number;
    resultsError?: string;
    dataError?: string;
    data?: unknown;
    /** The results and figures answer once it settles (to see the loading state). */
    gate?: Promise<unknown>;
  } = {},
) {
  const queries: URLSearchParams[] = [];
  const exports: URLSearchParams[] = [];
  const dataQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tests', () => HttpResponse.json(list([mcqTest]))),
    http.get('*/api/mains/works', () => HttpResponse.json(list([]))),
    http.get('*/api/batches', () =>
      HttpResponse.json(list([{ id: 61, documentId: 'batch-1', Batch: 'Foundation Batch 2026' }])),
    ),
    http.get('*/api/reports/tests/:documentId/results/export', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse(new Blob(['xlsx']));
    }),
    http.get('*/api/reports/tests/:documentId/results', async ({ request }) => {
      await options.gate;
      queries.push(new URL(request.url).searchParams);
      if (options.resultsError) {
        return HttpResponse.json(
          {
            data: null,
            error: { status: 400, name: 'ValidationError', message: options.resultsError },
          },
          { status: 400 },
        );
      }
      const rows = options.rows ?? [resultRow(1, 'Asha Rao'), resultRow(2, 'Bala Iyer')];
      return HttpResponse.json({
        data: rows,
        meta: { pagination: pagination(1, 25, options.total ?? rows.length) },
      });
    }),
    http.get('*/api/test-data', async ({ request }) => {
      await options.gate;
      dataQueries.push(new URL(request.url).searchParams);
      if (options.dataError) {
        return HttpResponse.json(
          { data: null, error: { status: 404, name: 'NotFoundError', message: options.dataError } },
          { status: 404 },
        );
      }
      return HttpResponse.json(options.data ?? testData());
    }),
  );
  return { queries, exports, dataQueries };
}
