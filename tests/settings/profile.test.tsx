// Issue 24: everyone's own profile in Settings. A refused save keeps what was typed with the
// server's words; a stored one says so and sends only the fields the person may change.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';
import { studentUser } from '../utils/fixtures';

const WAIT = { timeout: 15000 };

describe('profile', () => {
  it('a learner saves name and mobile; a refused save keeps the draft and the server’s words', async () => {
    let stored = {
      name: 'Asha Learner',
      email: 'asha@demo.test',
      mobile: '9800000001',
      role: 'learner',
      hasMobile: true,
      avatarUrl: null,
    };
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/profile', () => HttpResponse.json({ data: stored })),
      http.put('*/api/profile', async ({ request }) => {
        const body = (await request.json()) as { data: Record<string, unknown> };
        sent.push(body.data);
        if (body.data.mobile === '12') {
          return HttpResponse.json(
            {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: 'The mobile number is not valid.',
              },
            },
            { status: 400 },
          );
        }
        stored = { ...stored, ...body.data };
        return HttpResponse.json({ data: stored });
      }),
    );
    renderApp({ path: '/settings', user: studentUser });
    const card = await screen.findByRole('region', { name: 'Profile' }, WAIT);
    const save = within(card).getByRole('button', { name: 'Save profile' });
    expect(save).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    const name = within(card).getByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'Asha K');
    const mobile = within(card).getByLabelText('Mobile number');
    await user.clear(mobile);
    await user.type(mobile, '12');
    await user.click(save);
    expect(
      await within(card).findByText('The mobile number is not valid.', {}, WAIT),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText(/Name/)).toHaveValue('Asha K');
    await user.clear(mobile);
    await user.type(mobile, '9800000002');
    await user.click(within(card).getByRole('button', { name: 'Save profile' }));
    expect(await within(card).findByText('Your profile is saved.', {}, WAIT)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ name: 'Asha K', mobile: '9800000002' });
    expect(within(card).getByRole('button', { name: 'Save profile' })).toBeDisabled();
    expect(within(card).getByText(/asha@demo.test/)).toBeInTheDocument();
  });
});
