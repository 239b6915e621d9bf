import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { examDb } from '../../src/features/test-taking/examDb';
import { renderApp } from '../utils/renderApp';
import { ATTEMPT_ID, RESULT_ID, learner, serveExam } from './examFixtures';

/** The player and the result are lazy chunks; jsdom on a busy machine is slow. */
const SLOW = 90000;

async function openPlayer() {
  const view = renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
  expect(
    await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 }),
  ).toBeInTheDocument();
  return view;
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

afterEach(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: true });
});

describe('the attempt player', () => {
  it(
    'hides the menu, saves every change at once with an increasing revision, and shows it in the palette',
    async () => {
      const exam = serveExam();
      const { store } = await openPlayer();
      const user = userEvent.setup();

      // The full layout's menu and top bar are hidden while a test is taken.
      expect(store.getState().ui.isTestStarted).toBe(true);
      expect(screen.queryByRole('button', { name: /sign out|account/i })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Courses' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /Test 1/, level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(
        /^(59:\d\d|01:00:00)$/,
      );
      expect(screen.getByText('Question text 1')).toBeInTheDocument();
      expect(screen.getByText('Polity')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Question 1, not answered' })).toHaveAttribute(
        'aria-current',
        'step',
      );
      expect(screen.getByRole('button', { name: 'Question 2, not visited' })).toBeInTheDocument();

      const group = screen.getByRole('radiogroup', { name: 'Answer to question 1' });
      await user.click(within(group).getByRole('radio', { name: 'B. Answer 1b' }));
      await waitFor(() => expect(exam.saves).toHaveLength(1));
      expect(exam.saves[0]).toMatchObject({
        answerId: 'ans-1',
        selected_answer: 'b',
        mark_as_important: false,
      });
      expect(
        await screen.findByRole('button', { name: 'Question 1, answered' }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('All answers saved'),
      );

      // A change of mind: a higher revision for the same answer.
      await user.click(within(group).getByRole('radio', { name: 'C. Answer 1c' }));
      await waitFor(() => expect(exam.saves).toHaveLength(2));
      expect(exam.saves[1]?.selected_answer).toBe('c');
      expect(exam.saves[1]?.revision).toBeGreaterThan(exam.saves[0]?.revision ?? Infinity);

      await user.click(screen.getByRole('button', { name: 'Mark as important' }));
      await waitFor(() => expect(exam.saves).toHaveLength(3));
      expect(exam.saves[2]).toMatchObject({ selected_answer: 'c', mark_as_important: true });
      expect(screen.getByRole('button', { name: 'Mark as important' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(
        screen.getByRole('button', { name: 'Question 1, answered, marked as important' }),
      ).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('heading', { name: 'Question 2 of 5' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Question 2, not answered' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      await user.click(screen.getByRole('button', { name: 'Clear answer' }));
      await waitFor(() => expect(exam.saves).toHaveLength(4));
      expect(exam.saves[3]).toMatchObject({ selected_answer: null, mark_as_important: true });
      expect(exam.answers[0]).toMatchObject({ selected_answer: null, mark_as_important: true });

      // Nothing is left in the outbox once the server confirmed it.
      await waitFor(async () => expect(await examDb.pendingAnswers.count()).toBe(0));
      expect(screen.getByText('Answered: 0')).toBeInTheDocument();
      expect(screen.getByText('Not answered: 2')).toBeInTheDocument();
      expect(screen.getByText('Marked as important: 1')).toBeInTheDocument();
      expect(screen.getByText('Not visited: 3')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'keeps a failed save in the outbox, shows the offline banner, and sends it when back online',
    async () => {
      const exam = serveExam();
      await openPlayer();
      const user = userEvent.setup();

      exam.networkFailures = 1;
      setOnline(false);
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      expect(
        await screen.findByText(
          'Offline — 1 answer waiting to be saved. Keep this page open; they are saved as soon as the connection is back.',
        ),
      ).toBeInTheDocument();
      await waitFor(async () => expect(await examDb.pendingAnswers.get('ans-1')).toBeDefined());
      expect(await examDb.pendingAnswers.get('ans-1')).toMatchObject({
        attemptId: ATTEMPT_ID,
        selected_answer: 'a',
      });
      expect(exam.answers[0]?.selected_answer).toBeNull();

      setOnline(true);
      await waitFor(() => expect(exam.answers[0]?.selected_answer).toBe('a'));
      await waitFor(async () => expect(await examDb.pendingAnswers.count()).toBe(0));
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('All answers saved'),
      );
      expect(screen.queryByText(/waiting to be saved/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'retries a failed save by itself after a pause (1 s, then 2 s)',
    async () => {
      const exam = serveExam();
      await openPlayer();
      const user = userEvent.setup();
      exam.networkFailures = 2;
      await user.click(screen.getByRole('radio', { name: 'D. Answer 1d' }));
      // Still failing after 2 s: the banner says so.
      expect(
        await screen.findByText(/Connection problem — 1 answer waiting to be saved/, undefined, {
          timeout: 5000,
        }),
      ).toBeInTheDocument();
      await waitFor(() => expect(exam.answers[0]?.selected_answer).toBe('d'), { timeout: 8000 });
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('All answers saved'),
      );
    },
    SLOW,
  );

  it(
    'resumes after a reload: the outbox lies over the server answers, is flushed, at the same question',
    async () => {
      const exam = serveExam();
      Object.assign(exam.answers[1] ?? {}, { selected_answer: 'a', revision: 5 });
      const revision = Date.now();
      await examDb.pendingAnswers.bulkPut([
        {
          attemptId: ATTEMPT_ID,
          answerId: 'ans-3',
          selected_answer: 'c',
          mark_as_important: true,
          revision,
          queuedAt: revision,
        },
        // Older than what the server holds: already done.
        {
          attemptId: ATTEMPT_ID,
          answerId: 'ans-2',
          selected_answer: 'd',
          mark_as_important: false,
          revision: 4,
          queuedAt: revision,
        },
      ]);
      await examDb.places.put({
        attemptId: ATTEMPT_ID,
        index: 2,
        visited: [0, 1, 2],
        updatedAt: 1,
      });

      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Question 3 of 5' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'C. Answer 3c' })).toBeChecked();
      expect(
        screen.getByRole('button', { name: 'Question 3, answered, marked as important' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Question 1, not answered' })).toBeInTheDocument();

      await waitFor(() =>
        expect(exam.answers[2]).toMatchObject({ selected_answer: 'c', revision }),
      );
      expect(exam.saves.map((save) => save.answerId)).toEqual(['ans-3']);
      expect(exam.answers[1]?.selected_answer).toBe('a');
      await waitFor(async () => expect(await examDb.pendingAnswers.count()).toBe(0));
    },
    SLOW,
  );

  it(
    'goes to the result when a save answers 409 (the attempt is over)',
    async () => {
      const exam = serveExam();
      await openPlayer();
      const user = userEvent.setup();
      exam.overOnSave = true;
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe(`/testcorner/result/${RESULT_ID}`);
      expect(await examDb.pendingAnswers.count()).toBe(0);
    },
    SLOW,
  );

  it(
    'asks before submitting, with the counts, then submits and shows the result',
    async () => {
      const exam = serveExam();
      const { store } = await openPlayer();
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      await user.click(screen.getByRole('button', { name: 'Mark as important' }));
      await user.click(screen.getByRole('button', { name: 'Question 4, not visited' }));
      await user.click(screen.getByRole('radio', { name: 'B. Answer 4b' }));
      await user.click(screen.getByRole('button', { name: 'Mark as important' }));

      await user.click(screen.getByRole('button', { name: 'Submit test' }));
      const dialog = await screen.findByRole('dialog', { name: 'Submit test?' });
      expect(dialog).toHaveTextContent('You have 3 unanswered and 2 marked questions. Submit now?');
      await user.click(within(dialog).getByRole('button', { name: 'Keep answering' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(exam.submits).toBe(0);

      await user.click(screen.getByRole('button', { name: 'Submit test' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit now' }),
      );
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(exam.submits).toBe(1);
      // Every answer reached the server before the submit.
      expect(exam.answers[0]).toMatchObject({ selected_answer: 'a', mark_as_important: true });
      expect(exam.answers[3]).toMatchObject({ selected_answer: 'b', mark_as_important: true });
      expect(store.getState().ui.isTestStarted).toBe(false);
    },
    SLOW,
  );

  it(
    'says the answers are submitted while the server marks them, then shows the result',
    async () => {
      const exam = serveExam();
      exam.markingFor = 2;
      await openPlayer();
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      await user.click(screen.getByRole('button', { name: 'Submit test' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit now' }),
      );
      expect(
        await screen.findByText('Your answers are submitted. Marking them…'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'A. Answer 1a' })).not.toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      // The first submit and two asks after the server's retryAfterMs: the third had the result.
      expect(exam.submits).toBe(3);
      expect(exam.answers[0]).toMatchObject({ selected_answer: 'a' });
    },
    SLOW,
  );

  it(
    'does not submit while answers are unsent and the time is not up',
    async () => {
      const exam = serveExam();
      await openPlayer();
      const user = userEvent.setup();
      exam.networkFailures = 1000;
      setOnline(false);
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      await user.click(screen.getByRole('button', { name: 'Submit test' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit now' }),
      );
      expect(
        await within(screen.getByRole('dialog')).findByText(
          /1 answer is not saved yet\. Check your connection/,
          undefined,
          { timeout: 15000 },
        ),
      ).toBeInTheDocument();
      expect(exam.submits).toBe(0);
      expect(await examDb.pendingAnswers.count()).toBe(1);
    },
    SLOW,
  );

  it(
    'submits by itself when the countdown reaches zero',
    async () => {
      const exam = serveExam({ expiresInMs: 6000 });
      await openPlayer();
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: 'C. Answer 1c' }));
      expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(/^00:0\d$/);
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
      expect(exam.submits).toBe(1);
      expect(exam.answers[0]?.selected_answer).toBe('c');
    },
    SLOW,
  );

  it(
    'counts down by the server clock: a server 10 minutes ahead leaves 10 minutes less',
    async () => {
      serveExam({ expiresInMs: 30 * 60 * 1000, serverAheadMs: 10 * 60 * 1000 });
      await openPlayer();
      expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(
        /^(19:5\d|20:00)$/,
      );
    },
    SLOW,
  );

  it(
    'goes straight to the result of an attempt that is already over',
    async () => {
      serveExam({ ended: true });
      renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
      expect(
        await screen.findByRole('heading', { name: 'Test 1 — result' }, { timeout: 20000 }),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'checks a practice answer: correct answer, explanation, and the question locked',
    async () => {
      const exam = serveExam({ practice: true });
      await openPlayer();
      const user = userEvent.setup();
      expect(screen.getByRole('button', { name: 'Check answer' })).toBeDisabled();
      await user.click(screen.getByRole('radio', { name: 'A. Answer 1a' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));
      expect(await screen.findByText('Incorrect')).toBeInTheDocument();
      expect(screen.getByText(/the correct answer is B\./)).toBeInTheDocument();
      expect(screen.getByText('Article 21 protects life and liberty.')).toBeInTheDocument();
      expect(exam.checks).toEqual(['ans-1']);
      // The answer was saved before it was checked, and is locked now.
      expect(exam.saves[0]).toMatchObject({ answerId: 'ans-1', selected_answer: 'a' });
      expect(screen.getByRole('radio', { name: 'B. Answer 1b' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Clear answer' })).toBeDisabled();
      expect(
        screen.getByRole('button', { name: 'Question 1, answered, checked' }),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});
