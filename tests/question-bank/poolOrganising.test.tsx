// Organising the question pool (issue 26): the filter bar sends each filter to the server's list,
// rows show difficulty, tags, facility and use; bulk edit sends one call with only the changed
// fields, and shows the server's refusal without closing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { list, pagination, question } from '../test-authoring/testFixtures';

const SLOW = 90000;

const SUBJECTS = [
  { id: 1, documentId: 'sub-phy', SubjectName: 'Physics' },
  { id: 2, documentId: 'sub-math', SubjectName: 'Maths' },
];
const TOPICS = [{ id: 7, documentId: 'top-optics', topic_name: 'Optics' }];

function serve() {
  const queries: URLSearchParams[] = [];
  const edits: unknown[] = [];
  let refuse = false;
  server.use(
    http.get('*/api/questionPool-search', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        list(
          [
            question(1, {
              documentId: 'pool-1',
              question: 'Pool lens question',
              subject: SUBJECTS[0],
              topic: TOPICS[0],
              difficulty: 'hard',
              tags: ['optics', 'jee'],
              usedIn: 3,
              facility: { answers: 40, correct: 25, facility: 0.625 },
            }),
            question(2, {
              documentId: 'pool-2',
              question: 'Pool algebra question',
              difficulty: null,
              tags: [],
              usedIn: 0,
              facility: null,
            }),
          ],
          pagination(1, 25, 2),
        ),
      );
    }),
    http.get('*/api/subjects', () => HttpResponse.json(list(SUBJECTS, pagination(1, 100, 2)))),
    http.get('*/api/topics', () => HttpResponse.json(list(TOPICS, pagination(1, 100, 1)))),
    http.post('*/api/questionPool-bulk-edit', async ({ request }) => {
      edits.push(await request.json());
      if (refuse) {
        return HttpResponse.json(
          {
            data: null,
            error: {
              status: 400,
              name: 'ValidationError',
              message: 'Unknown question-pool ids: pool-2.',
            },
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({ updated: 2 });
    }),
  );
  return { queries, edits, refuseNext: () => (refuse = true) };
}

describe('question pool: organising', () => {
  it(
    'shows difficulty, tags, facility and use, and sends each filter to the server',
    async () => {
      const { queries } = serve();
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const table = await screen.findByRole('table', { name: 'Question pool' }, { timeout: 15000 });
      const row = (await within(table).findByText('Pool lens question')).closest(
        'tr',
      ) as HTMLElement;
      expect(within(row).getByText('Hard')).toBeInTheDocument();
      expect(within(row).getByText('optics')).toBeInTheDocument();
      expect(within(row).getByText('jee')).toBeInTheDocument();
      expect(within(row).getByText('63 % of 40')).toBeInTheDocument();
      expect(within(row).getByText('Physics / Optics')).toBeInTheDocument();
      expect(within(row).getByText('3')).toBeInTheDocument();

      const user = userEvent.setup({ delay: null });
      const filters = screen.getByRole('group', { name: 'Filter questions' });
      await user.selectOptions(within(filters).getByLabelText('Type'), 'TrueFalse');
      await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('TrueFalse'));
      await waitFor(() =>
        expect(within(filters).getByRole('option', { name: 'Physics' })).toBeInTheDocument(),
      );
      await user.selectOptions(within(filters).getByLabelText('Subject'), 'sub-phy');
      await waitFor(() => expect(queries.at(-1)?.get('subject')).toBe('sub-phy'));
      await waitFor(() =>
        expect(within(filters).getByRole('option', { name: 'Optics' })).toBeInTheDocument(),
      );
      await user.selectOptions(within(filters).getByLabelText('Topic'), 'top-optics');
      await user.selectOptions(within(filters).getByLabelText('Difficulty'), 'none');
      await user.selectOptions(within(filters).getByLabelText('Use'), 'unused');
      await user.type(within(filters).getByLabelText('Tag'), 'jee');
      await waitFor(() => expect(queries.at(-1)?.get('tag')).toBe('jee'));
      const last = queries.at(-1);
      expect(last?.get('topic')).toBe('top-optics');
      expect(last?.get('difficulty')).toBe('none');
      expect(last?.get('used')).toBe('unused');
      expect(last?.get('type')).toBe('TrueFalse');
      expect(last?.get('page')).toBe('1');
      // The tag is sent once typing settles, not per key.
      expect(queries.filter((q) => q.get('tag') === 'j')).toHaveLength(0);

      await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
      await waitFor(() =>
        expect([...(queries.at(-1)?.keys() ?? [])].sort()).toEqual(['page', 'pageSize']),
      );
    },
    SLOW,
  );

  it(
    'bulk edits the ticked questions in one call with only the changed fields',
    async () => {
      const { edits, refuseNext } = serve();
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      expect(screen.queryByRole('button', { name: /Edit selected \(/ })).not.toBeInTheDocument();
      await user.click(
        await screen.findByRole(
          'checkbox',
          { name: 'Select question: Pool lens question' },
          { timeout: 15000 },
        ),
      );
      await user.click(
        screen.getByRole('checkbox', { name: 'Select question: Pool algebra question' }),
      );
      await user.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit 2 questions' });

      // Nothing chosen: the form says so and sends nothing.
      await user.click(within(dialog).getByRole('button', { name: 'Apply changes' }));
      expect(await within(dialog).findByText('Choose at least one change.')).toBeInTheDocument();
      expect(edits).toHaveLength(0);

      await user.selectOptions(within(dialog).getByLabelText('Difficulty'), 'medium');
      await user.type(within(dialog).getByLabelText('Add tags'), 'Mechanics, jee, ');
      await user.type(within(dialog).getByLabelText('Remove tags'), 'algebra');
      await user.click(within(dialog).getByRole('button', { name: 'Apply changes' }));
      expect(await screen.findByText('2 questions updated.')).toBeInTheDocument();
      expect(edits).toEqual([
        {
          ids: ['pool-1', 'pool-2'],
          difficulty: 'medium',
          addTags: ['mechanics', 'jee'],
          removeTags: ['algebra'],
        },
      ]);

      // A refusal keeps the dialog open with the server's message.
      refuseNext();
      await user.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
      const again = await screen.findByRole('dialog', { name: 'Edit 2 questions' });
      await user.selectOptions(within(again).getByLabelText('Subject'), 'clear');
      await user.click(within(again).getByRole('button', { name: 'Apply changes' }));
      expect(
        await within(again).findByText('Unknown question-pool ids: pool-2.'),
      ).toBeInTheDocument();
      expect(edits.at(-1)).toEqual({ ids: ['pool-1', 'pool-2'], subject: null });
    },
    SLOW,
  );

  it(
    "edits a question's topic, difficulty and tags in the form",
    async () => {
      serve();
      const puts: unknown[] = [];
      server.use(
        http.put('*/api/question-pools/:documentId', async ({ request, params }) => {
          const body = (await request.json()) as { data: Record<string, unknown> };
          puts.push(body.data);
          return HttpResponse.json({ data: { documentId: params.documentId, ...body.data } });
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole(
          'button',
          { name: 'Edit question: Pool lens question' },
          { timeout: 15000 },
        ),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
      const tags = within(dialog).getByLabelText('Tags');
      expect(tags).toHaveValue('optics, jee');
      expect(within(dialog).getByLabelText('Difficulty')).toHaveValue('hard');
      await waitFor(() => expect(within(dialog).getByLabelText('Topic')).toHaveValue('top-optics'));
      await user.selectOptions(within(dialog).getByLabelText('Difficulty'), 'easy');
      await user.clear(tags);
      await user.type(tags, 'Optics, waves, optics');
      await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
      expect(await screen.findByText('Question saved.')).toBeInTheDocument();
      expect(puts).toHaveLength(1);
      expect(puts[0]).toMatchObject({
        subject: 'sub-phy',
        topic: 'top-optics',
        difficulty: 'easy',
        tags: ['optics', 'waves'],
      });
    },
    SLOW,
  );

  it(
    'says when a search matches more than the server counts',
    async () => {
      server.use(
        http.get('*/api/subjects', () => HttpResponse.json(list(SUBJECTS, pagination(1, 100, 2)))),
        http.get('*/api/questionPool-search', () =>
          HttpResponse.json({
            data: [question(1, { documentId: 'pool-1', question: 'Pool lens question' })],
            meta: { pagination: { page: 1, pageSize: 25, pageCount: 40, total: 1000, more: true } },
          }),
        ),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      expect(
        await screen.findByText(/More than 1,000 questions match/, undefined, { timeout: 15000 }),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'refuses a tag over 40 characters before sending',
    async () => {
      const { edits } = serve();
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(
        await screen.findByRole(
          'checkbox',
          { name: 'Select question: Pool lens question' },
          { timeout: 15000 },
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Edit selected (1)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit 1 question' });
      await user.type(within(dialog).getByLabelText('Add tags'), 'x'.repeat(41));
      await user.click(within(dialog).getByRole('button', { name: 'Apply changes' }));
      expect(await within(dialog).findByText(/at most 40 characters/)).toBeInTheDocument();
      expect(edits).toHaveLength(0);
    },
    SLOW,
  );
});
