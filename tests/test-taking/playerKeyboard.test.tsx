// Issue 24, keyboard and screen reader in the player: every button has a name, a dialog gives the
// focus back to the button that opened it, and Next (disabled on the last question) hands the
// focus to Previous instead of losing it. The delete confirmation of a list page does the same.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { examDb } from '../../src/features/test-taking/examDb';
import { server } from '../msw/server';
import { batchRows, paged } from '../people/peopleFixtures';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { ATTEMPT_ID, learner, serveExam } from './examFixtures';

const SLOW = 90000;

async function openPlayer() {
  serveExam();
  renderApp({ path: `/testcorner/attempt/${ATTEMPT_ID}`, ...learner });
  await screen.findByRole('heading', { name: 'Question 1 of 5' }, { timeout: 20000 });
}

beforeEach(async () => {
  await examDb.pendingAnswers.clear();
  await examDb.places.clear();
});

describe('the player by keyboard and screen reader', () => {
  it(
    'names every button and every radio',
    async () => {
      await openPlayer();
      const buttons = screen.getAllByRole('button');
      // Submit, Previous, Next, Mark, Clear and the five palette buttons at least.
      expect(buttons.length).toBeGreaterThanOrEqual(10);
      for (const button of buttons) expect(button).toHaveAccessibleName();
      for (const radio of screen.getAllByRole('radio')) expect(radio).toHaveAccessibleName();
      expect(screen.getByRole('button', { name: 'Question 3, not visited' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'gives the focus back to "Submit test" when its dialog closes (button or Escape)',
    async () => {
      await openPlayer();
      const user = userEvent.setup();
      const submit = screen.getByRole('button', { name: 'Submit test' });
      await user.click(submit);
      const dialog = await screen.findByRole('dialog', { name: 'Submit test?' });
      // The focus is inside the dialog while it is open.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      await user.click(within(dialog).getByRole('button', { name: 'Keep answering' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(submit).toHaveFocus());

      await user.keyboard('{Enter}');
      expect(await screen.findByRole('dialog', { name: 'Submit test?' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(submit).toHaveFocus());
    },
    SLOW,
  );

  it(
    'moves the focus to Previous when Next turns disabled on the last question, and back',
    async () => {
      await openPlayer();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Question 4, not visited' }));
      await screen.findByRole('heading', { name: 'Question 4 of 5' });
      const next = screen.getByRole('button', { name: 'Next' });
      await user.click(next);
      await screen.findByRole('heading', { name: 'Question 5 of 5' });
      expect(next).toBeDisabled();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus());

      // Previous keeps the focus while it stays enabled.
      await user.keyboard('{Enter}');
      await screen.findByRole('heading', { name: 'Question 4 of 5' });
      expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
    },
    SLOW,
  );
});

describe('a delete confirmation', () => {
  it(
    'gives the focus back to the Delete button it came from',
    async () => {
      server.use(
        http.get('*/api/batches-custom/paginated', () => HttpResponse.json(paged(batchRows))),
        http.get('*/api/courses', () => HttpResponse.json(paged([]))),
        http.get('*/api/faculties', () => HttpResponse.json(paged([]))),
      );
      renderApp({ path: '/batches', user: adminUser, authorities: ['ROLE_ADMIN'] });
      const table = await screen.findByRole('table', { name: 'Batches' }, { timeout: 15000 });
      await within(table).findByText('Morning 2026');
      const user = userEvent.setup();
      const remove = within(table).getByRole('button', { name: 'Delete batch Morning 2026' });
      await user.click(remove);
      const dialog = await screen.findByRole('dialog', { name: 'Delete batch?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(remove).toHaveFocus());
    },
    SLOW,
  );
});
