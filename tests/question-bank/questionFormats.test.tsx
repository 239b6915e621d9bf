// Question files (issue 26): the import dialog previews a GIFT/Moodle/Aiken file (counts by
// type, skipped lines with reasons, duplicates with "import duplicates anyway"), then imports it;
// the Export menu downloads the pool in a chosen format and tells what was left out.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../src/lib/saveBlob';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { list, pagination, question } from '../test-authoring/testFixtures';

vi.mock('../../src/lib/saveBlob', () => ({ saveBlob: vi.fn(), BLOB_LINK_LIFETIME_MS: 40000 }));

const SLOW = 90000;

/** Serves the pool's page; answers the URLs the page asked for. */
function servePool() {
  const asked: URL[] = [];
  server.use(
    // The filter bar's subjects (issue 26).
    http.get('*/api/subjects', () => HttpResponse.json(list([], pagination(1, 100, 0)))),
    http.get('*/api/questionPool-search', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(
        list(
          [question(1, { documentId: 'pool-1', question: 'Pool question 1' })],
          pagination(1, 25, 1),
        ),
      );
    }),
  );
  return asked;
}

const PREVIEW = {
  preview: true,
  format: 'gift',
  counts: { MCQ: 3, Descriptive: 1 },
  skippedCounts: { TF: 1, GIFT: 1 },
  acceptedCount: 4,
  rows: [
    {
      row: 6,
      question: 'Which article guarantees equality?',
      question_type: 'MCQ',
      correct_answer: 'a',
      points_correct_answer: 1,
      points_incorrect_answer: 0,
      subject: 'Indian Polity',
      notes: ['Answer feedback is not kept'],
    },
  ],
  skippedRows: [
    { row: 24, reasons: ['GIFT true/false questions ({T} / {F}) are not supported'], type: 'TF' },
    { row: 40, reasons: ['GIFT syntax error on line 43: Expected "}"'], type: 'GIFT' },
  ],
  duplicateRows: [
    {
      row: 14,
      question: 'Who presides?',
      reason: 'Same text and options as a question already in the question pool',
    },
  ],
  notedRows: [{ row: 6, notes: ['Answer feedback is not kept'] }],
};

describe('question files', () => {
  it(
    'previews a GIFT file, then imports it with the duplicates when asked',
    async () => {
      servePool();
      const sent: Array<Record<string, string | null>> = [];
      server.use(
        http.post('*/api/questionPool-import', async ({ request }) => {
          const form = await request.formData();
          sent.push({
            preview: form.get('preview') as string | null,
            duplicates: form.get('duplicates') as string | null,
          });
          if (form.get('preview') === 'true') return HttpResponse.json(PREVIEW);
          return HttpResponse.json({
            format: 'gift',
            createdQuestions: [
              { id: 9, documentId: 'p-9', question: 'Which article guarantees equality?' },
            ],
            skippedRows: PREVIEW.skippedRows,
            duplicateRows: [],
            message: '5 Questions imported succesfully',
          });
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('table', { name: 'Question pool' }, { timeout: 40000 });
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import questions' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import questions into the pool' });
      const input = within(dialog).getByLabelText('Question file');
      for (const ext of ['.xml', '.gift', '.txt', '.xlsx', '.docx']) {
        expect(input.getAttribute('accept')).toContain(ext);
      }
      await user.upload(
        input,
        new File(['::Q:: x {=a ~b ~c ~d}'], 'bank.gift', { type: 'text/plain' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

      const status = await within(dialog).findByText(/GIFT file: 4 to import/);
      expect(status).toHaveTextContent(
        'GIFT file: 4 to import (3 MCQ, 1 Descriptive), 2 skipped (1 TF, 1 GIFT), 1 duplicates left out.',
      );
      const first = within(dialog).getByRole('table', { name: 'First questions' });
      expect(within(first).getByText('Which article guarantees equality?')).toBeInTheDocument();
      expect(within(first).getByText('Answer feedback is not kept')).toBeInTheDocument();
      const skipped = within(dialog).getByRole('list', { name: 'Skipped rows' });
      expect(skipped).toHaveTextContent('Line 24 (TF): GIFT true/false questions');
      expect(skipped).toHaveTextContent('Line 40 (GIFT): GIFT syntax error on line 43');
      expect(within(dialog).getByRole('list', { name: 'Duplicate rows' })).toHaveTextContent(
        'Line/row 14 “Who presides?”: Same text and options as a question already in the question pool',
      );
      expect(sent).toEqual([{ preview: 'true', duplicates: null }]);

      await user.click(within(dialog).getByRole('checkbox', { name: 'Import duplicates anyway' }));
      await user.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(
        await within(dialog).findByText('5 Questions imported succesfully'),
      ).toBeInTheDocument();
      expect(sent[1]).toEqual({ preview: null, duplicates: 'import' });
    },
    SLOW,
  );

  it(
    'shows a bad file’s 400 at the preview and imports nothing',
    async () => {
      servePool();
      let calls = 0;
      server.use(
        http.post('*/api/questionPool-import', () => {
          calls += 1;
          return HttpResponse.json(
            {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: 'The XML is not well formed (line 3): Expected closing tag.',
                details: {},
              },
            },
            { status: 400 },
          );
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('table', { name: 'Question pool' }, { timeout: 40000 });
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Import questions' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import questions into the pool' });
      await user.upload(
        within(dialog).getByLabelText('Question file'),
        new File(['<quiz>'], 'bad.xml'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
      expect(
        await within(dialog).findByText(
          'The XML is not well formed (line 3): Expected closing tag.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
      expect(calls).toBe(1);
    },
    SLOW,
  );

  it(
    'exports the searched pool as Aiken and lists the questions left out',
    async () => {
      const asked = servePool();
      const urls: URL[] = [];
      server.use(
        http.get('*/api/questionPool-export', ({ request }) => {
          urls.push(new URL(request.url));
          return new HttpResponse('Q?\nA. a\nB. b\nC. c\nD. d\nANSWER: A\n', {
            headers: {
              'content-type': 'text/plain',
              'x-export-count': '1',
              'x-export-skipped': encodeURIComponent(
                JSON.stringify([
                  {
                    number: 2,
                    question: 'Discuss federalism.',
                    reason: 'Aiken holds only multiple-choice questions',
                  },
                ]),
              ),
              'x-export-notes': encodeURIComponent(JSON.stringify(['Aiken holds no points.'])),
            },
          });
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('table', { name: 'Question pool' }, { timeout: 40000 });
      const user = userEvent.setup({ delay: null });
      await user.type(screen.getByLabelText('Search questions'), 'polity');
      // The export sends the search the list shows: the one settled after typing stops.
      await waitFor(() => expect(asked.some((url) => url.search.includes('polity'))).toBe(true));
      await user.click(screen.getByRole('button', { name: 'Export questions' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Aiken (.txt)' }));
      await waitFor(() => expect(saveBlob).toHaveBeenCalled());
      expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('question-pool.aiken.txt');
      expect(urls[0]?.searchParams.get('format')).toBe('aiken');
      expect(urls[0]?.searchParams.get('search')).toBe('polity');
      const left = await screen.findByRole('list', { name: 'Questions left out' });
      expect(left).toHaveTextContent(
        'Question 2 “Discuss federalism.”: Aiken holds only multiple-choice questions',
      );
      expect(screen.getByText('Aiken holds no points.')).toBeInTheDocument();
    },
    SLOW,
  );
});
