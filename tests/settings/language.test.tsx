// Issue 24: the Language card in Settings. Choosing हिन्दी saves it on the profile and applies it at
// once (no reload): the card itself and `<html lang>` change; English brings it back. A refused save
// says so and keeps the language on screen.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/lib/i18n';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { studentUser } from '../utils/fixtures';

const WAIT = { timeout: 20000 };

function serveProfile(refuse = false) {
  const puts: unknown[] = [];
  let language = 'en';
  const profile = () => ({
    data: {
      name: 'Asha Learner',
      email: 'asha@demo.test',
      mobile: null,
      role: 'student',
      hasMobile: true,
      avatarUrl: null,
      language,
    },
  });
  server.use(
    http.get('*/api/profile', () => HttpResponse.json(profile())),
    http.put('*/api/profile', async ({ request }) => {
      const body = (await request.json()) as { data: { language: string } };
      puts.push(body);
      if (refuse) {
        return HttpResponse.json(
          { data: null, error: { status: 400, name: 'ValidationError', message: 'No.' } },
          { status: 400 },
        );
      }
      language = body.data.language;
      return HttpResponse.json(profile());
    }),
  );
  return puts;
}

afterEach(async () => {
  await setLanguage('en');
});

describe('the Language card', () => {
  it('switches to Hindi at once, saved on the profile, and back to English', async () => {
    const puts = serveProfile();
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const user = userEvent.setup();
    expect(await screen.findByRole('region', { name: 'Language' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    expect(await screen.findByRole('region', { name: 'भाषा' }, WAIT)).toBeInTheDocument();
    expect(puts).toEqual([{ data: { language: 'hi' } }]);
    expect(screen.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    // Its own card's status (the Time zone card has one too).
    const card = screen.getByRole('region', { name: 'भाषा' });
    expect(within(card).getByRole('status', { name: '' })).toHaveTextContent('भाषा सहेजी गई।');
    expect(document.documentElement.lang).toBe('hi');

    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('region', { name: 'Language' }, WAIT)).toBeInTheDocument();
    expect(puts.at(-1)).toEqual({ data: { language: 'en' } });
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  }, 60000);

  it('a refused save says so and keeps English', async () => {
    serveProfile(true);
    renderApp({ path: '/settings', user: studentUser, authorities: ['ROLE_STUDENT'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'हिन्दी' }, WAIT));
    expect(await screen.findByText('The language could not be saved.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(document.documentElement.lang).toBe('en');
  }, 60000);
});
