// Issue 26: a test whose section draws questions at random. The by-subject report shows each
// subject's questions and maximum as means per learner (with how many were drawn), says so, and
// shows and weighs each learner's marks out of their own maximum (their draws differ).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { serveTestReports } from './testReportsFixtures';

const SLOW = 90000;
const WAIT = { timeout: 15000 };

// The figures of server/tests/reports-draws.test.mjs: A drew a Physics and a Chemistry question,
// B two Chemistry questions (3 marks each); one fixed question per subject (Physics 2, Chemistry 1).
// Chandra (not in the server test) drew as B: against their own maxima Physics is their strength
// (1.5 of 2), against the subjects' mean maxima it would be Chemistry (4 of 5.5 > 1.5 of 3.5).
const body = {
  data: {
    subjects: [
      {
        subject: { documentId: 'sub-c', name: 'Chemistry' },
        questions: 2.5,
        drawnQuestions: 1.5,
        maxMarks: 5.5,
        mean: 3,
        facility: 0.6,
      },
      {
        subject: { documentId: 'sub-p', name: 'Physics' },
        questions: 1.5,
        drawnQuestions: 0.5,
        maxMarks: 3.5,
        mean: 2.5,
        facility: 0.667,
      },
    ],
    learners: [
      {
        learner: { documentId: 'stu-a', name: 'Asha Rao' },
        subjects: [
          { subjectDocumentId: 'sub-c', score: -1, maxMarks: 4 },
          { subjectDocumentId: 'sub-p', score: 5, maxMarks: 5 },
        ],
      },
      {
        learner: { documentId: 'stu-b', name: 'Bala Iyer' },
        subjects: [
          { subjectDocumentId: 'sub-c', score: 7, maxMarks: 7 },
          { subjectDocumentId: 'sub-p', score: 0, maxMarks: 2 },
        ],
      },
      {
        learner: { documentId: 'stu-c', name: 'Chandra Das' },
        subjects: [
          { subjectDocumentId: 'sub-c', score: 4, maxMarks: 7 },
          { subjectDocumentId: 'sub-p', score: 1.5, maxMarks: 2 },
        ],
      },
    ],
  },
};

describe('scores by subject with random draws (staff)', () => {
  it(
    'shows means per learner and each learner out of their own maximum',
    async () => {
      serveTestReports();
      server.use(
        http.get('*/api/reports/tests/:documentId/subjects', () => HttpResponse.json(body)),
      );
      renderApp({
        path: '/reports?kind=mcq&work=test-1&view=subjects',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const bySubject = await screen.findByRole('table', { name: 'By subject' }, WAIT);
      expect(screen.getByText(/drawn at random/)).toBeInTheDocument();
      const rows = within(bySubject).getAllByRole('row');
      const cells = (at: number) =>
        within(rows[at] as HTMLElement)
          .getAllByRole('cell')
          .map((cell) => cell.textContent);
      // Mean % = mean / mean maximum: 3 / 5.5 and 2.5 / 3.5.
      expect(cells(1)).toEqual([
        'Chemistry Weakest',
        '2.5 (1.5 drawn)',
        '5.5',
        '3',
        '54.5 %',
        '60 %',
      ]);
      expect(cells(2)).toEqual([
        'Physics Strongest',
        '1.5 (0.5 drawn)',
        '3.5',
        '2.5',
        '71.4 %',
        '66.7 %',
      ]);

      const learners = screen.getByRole('table', { name: 'Learners by subject' });
      const headers = within(learners)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers).toEqual(['Learner', 'Chemistry', 'Physics', 'Strength', 'Weakness']);
      const [, asha, bala, chandra] = within(learners).getAllByRole('row') as HTMLElement[];
      const texts = (row: HTMLElement) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent);
      expect(texts(asha as HTMLElement)).toEqual([
        'Asha Rao',
        '-1 of 4',
        '5 of 5',
        'Physics',
        'Chemistry',
      ]);
      expect(texts(bala as HTMLElement)).toEqual([
        'Bala Iyer',
        '7 of 7',
        '0 of 2',
        'Chemistry',
        'Physics',
      ]);
      expect(texts(chandra as HTMLElement)).toEqual([
        'Chandra Das',
        '4 of 7',
        '1.5 of 2',
        'Physics',
        'Chemistry',
      ]);
    },
    SLOW,
  );
});
