// Random draws (issue 26) in the test form: a section may draw N questions from the pool with the
// pool's filters; the form shows how many pool questions match now (the pool list's total for those
// filters), refuses to save a draw of more than match, and sends the draw with the section.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { languages, polity, history } from '../courses/courseFixtures';
import { list, pagination, serveFilterLists, test } from './testFixtures';

const SLOW = 90000;

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('a section drawing from the pool', () => {
  it(
    'shows the matching pool questions, refuses a draw of more, and sends the draw',
    async () => {
      serveFilterLists();
      const bodies: unknown[] = [];
      const searches: URLSearchParams[] = [];
      server.use(
        http.get('*/api/tests', () => HttpResponse.json(list([test(1)], pagination(1, 25, 1)))),
        http.get('*/api/test-languages', () => HttpResponse.json(list(languages))),
        http.get('*/api/subjects', () => HttpResponse.json(list([polity, history]))),
        http.get('*/api/questionPool-search', ({ request }) => {
          const params = new URL(request.url).searchParams;
          searches.push(params);
          // 12 pool questions in all, 3 of them tagged jee.
          const total = params.get('tag') === 'jee' ? 3 : 12;
          return HttpResponse.json(list([], pagination(1, 25, total)));
        }),
        http.post('*/api/tests', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ data: test(41, { TestName: 'Mock' }) }, { status: 201 });
        }),
      );
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'New test' }, { timeout: 15000 }));
      const dialog = await screen.findByRole('dialog', { name: 'New test' });
      await fill(user, within(dialog).getByLabelText(/Test name/), 'Mock');
      await fill(user, within(dialog).getByLabelText(/Duration \(minutes\)/), '60');
      await user.click(
        within(dialog).getByRole('switch', { name: 'Sections with their own time' }),
      );
      await fill(user, within(dialog).getByLabelText('Section 1 name'), 'Drawn');
      await fill(user, within(dialog).getByLabelText('Section 1 minutes'), '60');
      await user.click(
        within(dialog).getByRole('switch', { name: 'Section 1: draw from the pool' }),
      );
      expect(await within(dialog).findByText('12 pool questions match now.')).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('Section 1 questions to draw'), '5');
      await fill(user, within(dialog).getByLabelText('Section 1 marks each'), '2');
      await fill(user, within(dialog).getByLabelText('Section 1 negative marks each'), '0.5');
      const filters = within(dialog).getByRole('group', { name: 'Section 1 pool filters' });
      await fill(user, within(filters).getByLabelText('Tag'), 'jee');
      expect(await within(dialog).findByText('3 pool questions match now.')).toBeInTheDocument();
      // The count asks the pool list with the draw's filters (never "used").
      expect(searches.some((p) => p.get('tag') === 'jee' && !p.has('used'))).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      expect(
        await within(dialog).findByText(
          'Drawn: only 3 pool questions match these filters; draw at most 3 or widen the filters.',
        ),
      ).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await fill(user, within(dialog).getByLabelText('Section 1 questions to draw'), '3');
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({
        data: {
          sections: [
            {
              name: 'Drawn',
              minutes: 60,
              subjects: [],
              draw: { count: 3, marks: 2, negative: 0.5, filters: { tag: 'jee' } },
            },
          ],
        },
      });
    },
    SLOW,
  );
});
