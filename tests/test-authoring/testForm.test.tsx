import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { history, languages, polity, strapiError } from '../courses/courseFixtures';
import { list, pagination, serveFilterLists, test } from './testFixtures';

/** Screens with MUI tables and dialogs render slowly in a test DOM on a busy machine. */
const SLOW = 90000;

function serveForm() {
  serveFilterLists();
  const courseQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tests', () => HttpResponse.json(list([test(1)], pagination(1, 25, 1)))),
    http.get('*/api/test-languages', () => HttpResponse.json(list(languages))),
    http.get('*/api/subjects', () => HttpResponse.json(list([polity, history]))),
    http.get('*/api/batches', () =>
      HttpResponse.json(list([{ id: 61, documentId: 'batch-1', Batch: 'Morning batch' }])),
    ),
    http.get('*/api/faculties', () =>
      HttpResponse.json(list([{ id: 7, documentId: 'fac-7', FacultyName: 'Dr. Meera Iyer' }])),
    ),
    http.get('*/api/students', () =>
      HttpResponse.json(
        list([
          { id: 1, documentId: 'stu-1', StudentName: 'Asha Rao', student_email: 'asha@demo.test' },
        ]),
      ),
    ),
    http.get('*/api/courses', ({ request }) => {
      courseQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        list([{ id: 1, documentId: 'course-1', course_name: 'Modern India' }]),
      );
    }),
  );
  return { courseQueries };
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('test form', () => {
  it(
    'checks the dates and marks before sending, then creates the test with relation documentIds',
    async () => {
      const { courseQueries } = serveForm();
      const bodies: unknown[] = [];
      server.use(
        http.post('*/api/tests', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json(
            { data: test(40, { TestName: 'Polity mock 2' }) },
            { status: 201 },
          );
        }),
      );
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'New test' }, { timeout: 15000 }));
      const dialog = await screen.findByRole('dialog', { name: 'New test' });

      await fill(user, within(dialog).getByLabelText(/Test name/), 'Polity mock 2');
      await fill(user, within(dialog).getByLabelText(/Duration \(minutes\)/), '90');
      await fill(user, within(dialog).getByLabelText(/Maximum marks/), '50');
      await fill(user, within(dialog).getByLabelText('Pass mark'), '60');
      fireEvent.change(within(dialog).getByLabelText('Valid from'), {
        target: { value: '2026-12-10T10:00' },
      });
      fireEvent.change(within(dialog).getByLabelText('Valid to'), {
        target: { value: '2026-12-01T10:00' },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      expect(
        await within(dialog).findByText('Valid to must be after valid from.'),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText('The pass mark cannot be above the maximum marks.'),
      ).toBeInTheDocument();
      expect(bodies).toEqual([]);

      // Per cent: at most 100.
      await user.selectOptions(within(dialog).getByLabelText('Pass mark unit'), 'percent');
      await fill(user, within(dialog).getByLabelText('Pass mark'), '120');
      expect(
        await within(dialog).findByText('A pass mark in per cent cannot be above 100.'),
      ).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('Pass mark'), '40');
      fireEvent.change(within(dialog).getByLabelText('Valid to'), {
        target: { value: '2026-12-20T18:30' },
      });
      await waitFor(() =>
        expect(within(dialog).queryByText('Valid to must be after valid from.')).toBeNull(),
      );

      // Attempts per learner (0 for unlimited).
      expect(within(dialog).getByText('0 = unlimited')).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('Attempts allowed per learner'), '3');
      await user.click(within(dialog).getByRole('switch', { name: 'Practice test enabled' }));
      // The answer key: after the last attempt unless chosen otherwise (issue 18).
      const reviewKey = within(dialog).getByLabelText('Show the answer key to learners');
      expect(reviewKey).toHaveValue('after_last_attempt');
      expect(
        within(reviewKey).getByRole('option', {
          name: 'After the learner’s last attempt, or when the test closes (recommended)',
        }),
      ).toBeInTheDocument();
      await user.selectOptions(reviewKey, 'after_each_attempt');
      // Issue 23: when the score and the answers are shown, rank, a negative total, practice limit.
      const scoreWhen = within(dialog).getByLabelText('Show learners their score');
      expect(scoreWhen).toHaveValue('after_each_attempt');
      await user.selectOptions(scoreWhen, 'after_close');
      expect(within(dialog).getByLabelText('Show learners their answers')).toHaveValue(
        'after_each_attempt',
      );
      const rank = within(dialog).getByRole('switch', { name: 'Show rank and percentile' });
      expect(rank).toBeChecked();
      await user.click(rank);
      const negative = within(dialog).getByLabelText('A total below zero');
      expect(negative).toHaveValue('keep');
      await user.selectOptions(negative, 'floor');
      await user.click(
        within(dialog).getByRole('switch', { name: 'Ask learners to take the test in fullscreen' }),
      );
      // Issue 23: the options shuffled per learner, the questions left in order.
      await user.click(within(dialog).getByRole('switch', { name: 'Shuffle the options' }));
      await fill(user, within(dialog).getByLabelText('Practice attempts allowed per learner'), '5');
      await fill(user, within(dialog).getByLabelText('Instructions'), 'No calculators.');
      await pick(user, dialog, 'Category', 'SSC');
      await pick(user, dialog, 'Sub-category', 'Prelims');
      await pick(user, dialog, 'Second sub-category', 'CSAT');
      await pick(user, dialog, 'Course', 'Modern India');
      await pick(user, dialog, 'Faculties', 'Dr. Meera Iyer');
      await user.click(within(dialog).getByRole('combobox', { name: 'Learners' }));
      await user.keyboard('As');
      await user.click(await screen.findByRole('option', { name: 'Asha Rao (asha@demo.test)' }));
      expect(courseQueries.every((q) => q.get('filters[is_active][$eq]') === 'true')).toBe(true);

      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'New test' })).not.toBeInTheDocument(),
      );
      expect(bodies).toEqual([
        {
          data: {
            TestName: 'Polity mock 2',
            Description: '',
            TestDuration: 90,
            enable_practice_test: true,
            instructions: 'No calculators.',
            max_attempts: 3,
            ValidFrom: new Date('2026-12-10T10:00').toISOString(),
            ValidTo: new Date('2026-12-20T18:30').toISOString(),
            MaximumMarks: 50,
            PassMark: 40,
            pass_mark_unit: 'percent',
            review_answer_key: 'after_each_attempt',
            max_practice_attempts: 5,
            review_score: 'after_close',
            review_answers: 'after_each_attempt',
            show_rank: false,
            negative_total: 'floor',
            // Issue 26: multiple-correct questions all or nothing unless chosen otherwise.
            multiple_marking: 'all_or_nothing',
            require_fullscreen: true,
            shuffle_questions: false,
            shuffle_options: true,
            allow_half_marks: false,
            // Issue 23: no sections unless switched on (one clock, as before).
            sections: null,
            sections_fixed_order: false,
            test_category: 'cat-ssc',
            test_sub_category: 'sub-prelims',
            test_sub_category_2: 'sub2-csat',
            Attachments: [],
            faculties: ['fac-7'],
            batch: null,
            students: ['stu-1'],
            test_language: null,
            subjects: [],
            course: 'course-1',
            // Issue 23: a new test is a draft until it is published.
            status: 'draft',
          },
        },
      ]);
      expect(await screen.findByText('Test created.')).toBeInTheDocument();
    },
    SLOW * 2,
  );

  it(
    'shows the server refusal and keeps what was typed',
    async () => {
      serveForm();
      const posted = vi.fn();
      server.use(
        http.post('*/api/tests', () => {
          posted();
          return strapiError(400, 'ValidTo must be after ValidFrom.');
        }),
      );
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'New test' }, { timeout: 15000 }));
      const dialog = await screen.findByRole('dialog', { name: 'New test' });
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      expect(await within(dialog).findByText('Enter the test name.')).toBeInTheDocument();
      // Duration and marks may wait for later, but not be zero.
      await fill(user, within(dialog).getByLabelText(/Duration \(minutes\)/), '0');
      await fill(user, within(dialog).getByLabelText(/Maximum marks/), '-5');
      expect(
        await within(dialog).findByText('Enter a duration above 0 minutes.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('Enter maximum marks above 0.')).toBeInTheDocument();
      expect(posted).not.toHaveBeenCalled();

      await fill(user, within(dialog).getByLabelText(/Test name/), 'History mock');
      await fill(user, within(dialog).getByLabelText(/Duration \(minutes\)/), '30');
      await fill(user, within(dialog).getByLabelText(/Maximum marks/), '25');
      await user.click(within(dialog).getByRole('button', { name: 'Save test' }));
      expect(
        await within(dialog).findByText('ValidTo must be after ValidFrom.'),
      ).toBeInTheDocument();
      expect(posted).toHaveBeenCalledTimes(1);
      expect(within(dialog).getByLabelText(/Test name/)).toHaveValue('History mock');
      expect(within(dialog).getByLabelText(/Maximum marks/)).toHaveValue(25);
    },
    SLOW,
  );

  it(
    'shows faculty the Faculties picker read-only: only administrators change who teaches',
    async () => {
      serveForm();
      renderApp({ path: '/testcorner', user: adminUser, authorities: ['ROLE_FACULTY'] });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'New test' }, { timeout: 15000 }));
      const dialog = await screen.findByRole('dialog', { name: 'New test' });
      expect(within(dialog).getByRole('combobox', { name: 'Faculties' })).toBeDisabled();
      expect(
        within(dialog).getByText('Only administrators change who teaches or grades this.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('combobox', { name: 'Subjects' })).toBeEnabled();
    },
    SLOW,
  );
});
