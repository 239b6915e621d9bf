// Issue 24: the Time zone card in Settings and the zone dates are shown in. The institute's default
// until the person chooses; a zone searched by name is saved on the profile and applied at once;
// "Institute default" goes back; a refused save says so and changes nothing on screen.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '../../src/components/form/TextInput';
import { displayZone, fromLocalInput, setDisplayZone } from '../../src/lib/dates';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { studentUser } from '../utils/fixtures';

const WAIT = { timeout: 20000 };

function serve({ refuse = false, timeZone = null as string | null } = {}) {
  const puts: unknown[] = [];
  let zone = timeZone;
  const profile = () => ({
    data: {
      name: 'Asha Learner',
      email: 'asha@demo.test',
      mobile: null,
      role: 'student',
      hasMobile: true,
      avatarUrl: null,
      language: 'en',
      timeZone: zone,
    },
  });
  server.use(
    http.get('*/api/institute', () =>
      HttpResponse.json({
        data: {
          name: 'Learning Portal',
          primaryColour: null,
          defaultTimeZone: 'Asia/Kolkata',
          idleMinutes: 15,
          registrationOpen: true,
          supportContact: '',
          logo: null,
          favicon: null,
        },
      }),
    ),
    http.get('*/api/profile', () => HttpResponse.json(profile())),
    http.put('*/api/profile', async ({ request }) => {
      const body = (await request.json()) as { data: { timeZone: string | null } };
      puts.push(body);
      if (refuse) {
        return HttpResponse.json(
          { data: null, error: { status: 400, name: 'ValidationError', message: 'No.' } },
          { status: 400 },
        );
      }
      zone = body.data.timeZone;
      return HttpResponse.json(profile());
    }),
  );
  return puts;
}

afterEach(() => setDisplayZone(null));

const card = () => screen.findByRole('region', { name: 'Time zone' }, WAIT);

describe('the Time zone card', () => {
  it("shows the institute's default, then a chosen zone at once, then the default again", async () => {
    const puts = serve();
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const user = userEvent.setup();
    const region = await card();
    const input = await screen.findByRole('combobox', { name: 'Time zone' }, WAIT);
    await waitFor(() => expect(input).toHaveValue('Institute default (Asia/Kolkata)'), WAIT);
    expect(displayZone()).toBe('Asia/Kolkata');
    expect(region).toHaveTextContent(/Now: .*(IST|GMT\+5:30)\./);

    await user.click(input);
    await user.clear(input);
    await user.type(input, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }, WAIT));
    expect(await screen.findByText('Time zone saved.', {}, WAIT)).toBeInTheDocument();
    expect(puts).toEqual([{ data: { timeZone: 'Asia/Tokyo' } }]);
    expect(displayZone()).toBe('Asia/Tokyo');
    await waitFor(() => expect(input).toHaveValue('Asia/Tokyo'));
    expect(region).toHaveTextContent(/Now: .*(JST|GMT\+9)\./);

    // The same field, read again (the card has rendered anew).
    const again = screen.getByRole('combobox', { name: 'Time zone' });
    await user.click(region);
    await user.click(again);
    await user.clear(again);
    await user.type(again, 'Institute');
    await user.click(
      await screen.findByRole('option', { name: 'Institute default (Asia/Kolkata)' }, WAIT),
    );
    await waitFor(() => expect(puts.at(-1)).toEqual({ data: { timeZone: null } }));
    await waitFor(() => expect(displayZone()).toBe('Asia/Kolkata'));
  }, 60000);

  it("the person's own zone wins over the institute's from the start", async () => {
    serve({ timeZone: 'America/New_York' });
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const input = await screen.findByRole('combobox', { name: 'Time zone' }, WAIT);
    await waitFor(() => expect(input).toHaveValue('America/New York'), WAIT);
    expect(displayZone()).toBe('America/New_York');
  }, 60000);

  it('a refused save says so and keeps the zone', async () => {
    serve({ refuse: true });
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Time zone' }, WAIT);
    await waitFor(() => expect(input).toHaveValue('Institute default (Asia/Kolkata)'), WAIT);
    await user.click(input);
    await user.clear(input);
    await user.type(input, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }, WAIT));
    expect(await screen.findByText('The time zone could not be saved.', {}, WAIT)).toBeVisible();
    expect(displayZone()).toBe('Asia/Kolkata');
    await waitFor(() => expect(input).toHaveValue('Institute default (Asia/Kolkata)'));
  }, 60000);
});

describe('a date and time field', () => {
  it('says the zone its typed time is read in', () => {
    setDisplayZone('Asia/Kolkata');
    render(
      <TextInput
        label="Valid from"
        type="datetime-local"
        value="2026-11-27T15:30"
        onChange={() => {}}
      />,
    );
    expect(screen.getByLabelText('Valid from')).toHaveAccessibleDescription(
      'Time zone: Asia/Kolkata',
    );
    expect(fromLocalInput('2026-11-27T15:30')).toBe('2026-11-27T10:00:00.000Z');
  });
});
