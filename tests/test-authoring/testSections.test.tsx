// Sections with their own timers (issue 23) in the test form: off by default; switched on, each
// section has a name, minutes and subjects, optionally in a fixed order; the form refuses what the
// server would (no minutes, a subject in two sections) and shows the sum against the duration.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sectionsBySubject } from '../../src/features/test-authoring/TestSectionsFields';
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

describe('sections in the test form', () => {
  it('groups by subject in question order and shares the minutes', () => {
    expect(sectionsBySubject(['Physics', 'Physics', null, 'Chemistry', 'Physics'], 50)).toEqual([
      { name: 'Physics', minutes: '25', subjects: 'Physics' },
      { name: 'Chemistry', minutes: '25', subjects: 'Chemistry' },
    ]);
    expect(sectionsBySubject(['A', 'B', 'C'], 100).map((r) => r.minutes)).toEqual([
      '33',
      '33',
      '34',
    ]);
    expect(sectionsBySubject([], 60)).toEqual([{ name: 'Section 1', minutes: '', subjects: '' }]);
  });

  it(
    'sends two sections in a fixed order once each is complete',
    async () => {
      serveFilterLists();
      const bodies: unknown[] = [];
      server.use(
        http.get('*/api/tests', () => HttpResponse.json(list([test(1)], pagination(1, 25, 1)))),
        http.get('*/api/test-languages', () => HttpResponse.json(list(languages))),
        http.get('*/api/subjects', () => HttpResponse.json(list([polity, history]))),
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
      expect(within(dialog).queryByLabelText('Section 1 name')).toBeNull();
      await user.click(
        within(dialog).getByRole('switch', { name: 'Sections with their own time' }),
      );
      await fill(user, within(dialog).getByLabelText('Section 1 name'), 'Polity');
      await fill(user, within(dialog).getByLabelText('Section 1 subjects'), 'Polity');
      await user.click(within(dialog).getByRole('button', { name: 'Add a section' }));
      await fill(user, within(dialog).getByLabelText('Section 2 minutes'), '40');
      await fill(user, within(dialog).getByLabelText('Section 2 subjects'), 'History, Polity');
      await user.click(
        within(dialog).getByRole('switch', {
          name: 'Fixed order (a closed section cannot be reopened)',
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      expect(
        await within(dialog).findByText('Polity: enter its minutes (a whole number above 0).'),
      ).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('Section 1 minutes'), '20');
      expect(
        await within(dialog).findByText('Polity is in two sections: a question is in one only.'),
      ).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('Section 2 subjects'), 'History');
      expect(within(dialog).getByText(/Section minutes: 60 of the test's 60/)).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({
        data: {
          TestDuration: 60,
          sections: [
            { name: 'Polity', minutes: 20, subjects: ['Polity'] },
            { name: 'Section 2', minutes: 40, subjects: ['History'] },
          ],
          sections_fixed_order: true,
        },
      });
    },
    SLOW,
  );
});
