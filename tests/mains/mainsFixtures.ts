// Mains work as the /api/mains endpoints answer it, and a small msw server for a learner's
// sitting: the attempt's answers held in memory, recording uploads, removals and submits.
import { http, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { list, pagination } from '../courses/courseFixtures';

export { list, pagination };

export const polity = { documentId: 'subject-polity', name: 'Indian Polity' };
export const economy = { documentId: 'subject-economy', name: 'Indian Economy' };

export function workItem(
  kind: 'test' | 'assignment',
  index: number,
  extra: Record<string, unknown> = {},
) {
  return {
    kind,
    documentId: `${kind === 'test' ? 'test-m' : 'asg-'}${index}`,
    name: kind === 'test' ? `Mains Answer Writing ${index}` : `Essay Practice ${index}`,
    description: 'Answer both questions.',
    courseName: 'Civil Services Foundation',
    subjects: [polity, economy],
    opensAt: null,
    closesAt: '2099-12-05T12:30:00.000Z',
    durationMinutes: null,
    maximumMarks: '20.00',
    attachments: [],
    attemptId: null,
    state: 'not-started',
    submittedAt: null,
    status: 'Not - Available',
    canStart: true,
    reason: null,
    resultId: null,
    totalMarks: null,
    evaluations: [],
    ...extra,
  };
}

export const published = {
  state: 'submitted',
  attemptId: 'attempt-9',
  status: 'Published',
  resultId: 'result-9',
  totalMarks: '15.5',
  evaluations: [
    {
      subject: polity,
      total_marks: 8,
      evaluation_document: { id: 70, name: 'marked-polity.pdf', url: '/uploads/marked-polity.pdf' },
    },
    { subject: economy, total_marks: '7.5', evaluation_document: null },
  ],
};

export function workQuestion(index: number, subject = polity) {
  return {
    documentId: `q-${index}`,
    question: `Discuss topic ${index}.`,
    question_type: 'Descriptive',
    subject,
    points_correct_answer: 10,
  };
}

export function pdf(name: string, size = 1024) {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

export interface SittingOptions {
  kind?: 'test' | 'assignment';
  item?: ReturnType<typeof workItem>;
  /** Resolved before an upload answers (to see its progress). */
  uploadGate?: Promise<void>;
}

/** One sitting: start, uploads, removals and submit, recorded. */
export function serveSitting(options: SittingOptions = {}) {
  const kind = options.kind ?? 'assignment';
  const item =
    options.item ??
    workItem(kind, 1, {
      attachments: [
        {
          id: 5,
          name: 'essay-brief.pdf',
          url: '/uploads/essay-brief.pdf',
          mime: 'application/pdf',
        },
      ],
    });
  const documents: Record<string, { id: number; name: string; url: string; mime: string }[]> = {
    'answer-1': [],
    'answer-2': [],
  };
  const record = {
    /** The names of the files the test is about to upload, in order. */
    sending: [] as string[],
    starts: [] as unknown[],
    uploads: [] as { answerId: string; names: string[] }[],
    removals: [] as string[],
    submits: [] as unknown[],
    uploadError: null as null | { status: number; message: string },
    submitError: null as null | { status: number; message: string },
  };
  let nextId = 100;
  const session = () => ({
    work: item,
    attempt: {
      documentId: 'attempt-1',
      start_date_time: '2026-11-22T04:00:00.000Z',
      expires_at: '2099-12-05T12:30:00.000Z',
    },
    questions: [workQuestion(1, polity), workQuestion(2, economy)],
    answers: [
      { documentId: 'answer-1', question: 'q-1', documents: documents['answer-1'] },
      { documentId: 'answer-2', question: 'q-2', documents: documents['answer-2'] },
    ],
    serverTime: new Date().toISOString(),
    resumed: false,
  });
  const error = (status: number, message: string) =>
    HttpResponse.json({ data: null, error: { status, name: 'Error', message } }, { status });
  server.use(
    http.post('*/api/mains/start', async ({ request }) => {
      record.starts.push(await request.json());
      return HttpResponse.json({ data: session() }, { status: 201 });
    }),
    http.post('*/api/mains/answers/:answerId/documents', async ({ request, params }) => {
      const answerId = String(params.answerId);
      const form = await request.formData();
      // jsdom's multipart encoder drops file names: the test says which files it sends.
      const count = form.getAll('files').length;
      const names = record.sending.splice(0, count);
      record.uploads.push({ answerId, names });
      if (options.uploadGate) await options.uploadGate;
      if (record.uploadError) return error(record.uploadError.status, record.uploadError.message);
      const list = documents[answerId] ?? [];
      for (const name of names) {
        list.push({ id: nextId++, name, url: `/uploads/${name}`, mime: 'application/pdf' });
      }
      documents[answerId] = list;
      return HttpResponse.json({ data: { documentId: answerId, documents: list } });
    }),
    http.delete('*/api/mains/answers/:answerId/documents/:fileId', ({ params }) => {
      const answerId = String(params.answerId);
      record.removals.push(`${answerId}/${String(params.fileId)}`);
      documents[answerId] = (documents[answerId] ?? []).filter(
        (file) => String(file.id) !== String(params.fileId),
      );
      return HttpResponse.json({ data: { documentId: answerId, documents: documents[answerId] } });
    }),
    http.post('*/api/mains/submit', async ({ request }) => {
      record.submits.push(await request.json());
      if (record.submitError) return error(record.submitError.status, record.submitError.message);
      return HttpResponse.json({
        data: {
          result: {
            documentId: 'result-1',
            status: 'Not Started',
            submittedAt: new Date().toISOString(),
          },
        },
      });
    }),
  );
  return record;
}
