import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type {
  KindPreference,
  PreferenceChoice,
} from '../../src/features/notifications/notificationTypes';
import { server } from '../msw/server';
import { studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';

vi.mock('../../src/lib/eventStream', () => ({ openEventStream: () => () => undefined }));

const SLOW = 60000;

const labels: Record<string, string> = {
  'work-available': 'New work available',
  'marks-published': 'Marks published',
};

function servePreferences(failFirstSave = false) {
  let kinds: KindPreference[] = [
    { kind: 'work-available', label: labels['work-available'] ?? '', inApp: true, email: false },
    { kind: 'marks-published', label: labels['marks-published'] ?? '', inApp: true, email: true },
  ];
  const saves: unknown[] = [];
  let fail = failFirstSave;
  server.use(
    http.get('*/api/notification-preferences', () => HttpResponse.json({ data: { kinds } })),
    http.put('*/api/notification-preferences', async ({ request }) => {
      const body = (await request.json()) as { data: { kinds: PreferenceChoice[] } };
      saves.push(body);
      if (fail) {
        fail = false;
        return HttpResponse.json(
          { data: null, error: { status: 500, name: 'Error', message: 'Mail server is down' } },
          { status: 500 },
        );
      }
      kinds = body.data.kinds.map((k) => ({ ...k, label: labels[k.kind] ?? k.kind }));
      return HttpResponse.json({ data: { kinds } });
    }),
  );
  return saves;
}

async function openSettings() {
  renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
  const card = await screen.findByRole('region', { name: 'Notifications' });
  await within(card).findByRole('group', { name: 'New work available' });
  return card;
}

describe('notification preferences in Settings', () => {
  it(
    'loads the choices of each kind, toggles and saves them',
    async () => {
      const saves = servePreferences();
      const card = await openSettings();
      const email = within(card).getByRole('switch', { name: 'New work available: email' });
      expect(email).not.toBeChecked();
      expect(within(card).getByRole('switch', { name: 'Marks published: email' })).toBeChecked();
      const save = within(card).getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      const user = userEvent.setup({ delay: null });
      await user.click(email);
      expect(email).toBeChecked();
      await user.click(within(card).getByRole('switch', { name: 'Marks published: in-app' }));
      await user.click(save);
      expect(await within(card).findByText('Your notification settings are saved.')).toBeVisible();
      expect(saves).toEqual([
        {
          data: {
            kinds: [
              { kind: 'work-available', inApp: true, email: true },
              { kind: 'marks-published', inApp: false, email: true },
            ],
          },
        },
      ]);
      expect(within(card).getByRole('switch', { name: 'New work available: email' })).toBeChecked();
      expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    },
    SLOW,
  );

  it(
    "keeps the user's edits when the save fails, and shows why",
    async () => {
      const saves = servePreferences(true);
      const card = await openSettings();
      const user = userEvent.setup({ delay: null });
      await user.click(within(card).getByRole('switch', { name: 'New work available: in-app' }));
      await user.click(within(card).getByRole('button', { name: 'Save' }));
      expect(await within(card).findByText('Mail server is down')).toBeVisible();
      const inApp = within(card).getByRole('switch', { name: 'New work available: in-app' });
      expect(inApp).not.toBeChecked();
      await user.click(within(card).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(saves).toHaveLength(2));
      expect(await within(card).findByText('Your notification settings are saved.')).toBeVisible();
      expect(within(card).queryByText('Mail server is down')).not.toBeInTheDocument();
      expect(
        within(card).getByRole('switch', { name: 'New work available: in-app' }),
      ).not.toBeChecked();
    },
    SLOW,
  );
});
