import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../src/lib/dates';
import { server } from '../msw/server';
import { renderApp } from '../utils/renderApp';

interface Captured {
  body: Record<string, unknown>;
  authorization: string | null;
}

function captureRegister(response: () => Response): Captured[] {
  const calls: Captured[] = [];
  server.use(
    http.post('*/api/register', async ({ request }) => {
      calls.push({
        body: (await request.json()) as Record<string, unknown>,
        authorization: request.headers.get('authorization'),
      });
      return response();
    }),
  );
  return calls;
}

async function fillForm(values: {
  name?: string;
  email?: string;
  mobile?: string;
  password?: string;
  confirmation?: string;
}) {
  const user = userEvent.setup();
  const fields: [RegExp, string | undefined][] = [
    [/^Full name/, values.name],
    [/^Email/, values.email],
    [/^Mobile number/, values.mobile],
    [/^Password/, values.password],
    [/^Confirm password/, values.confirmation],
  ];
  await screen.findByLabelText(/^Full name/);
  for (const [label, value] of fields) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

const valid = {
  name: 'Asha Rao',
  email: 'asha@example.test',
  mobile: '+91 98765 43210',
  password: 'Secret@123',
  confirmation: 'Secret@123',
};

describe('self-registration', () => {
  it('sends one call with the student fields and today, then shows the sign-in screen with a message', async () => {
    const calls = captureRegister(() => HttpResponse.json({ ok: true }));
    renderApp({ path: '/auth/register' });
    await fillForm(valid);

    expect(
      await screen.findByText(
        'Thank you for registering. Sign in with your email and password. If this email already had an account, we have emailed it instead.',
      ),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/login');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      StudentName: 'Asha Rao',
      student_email: 'asha@example.test',
      student_mobile_number: '+919876543210',
      password: 'Secret@123',
      student_enrollment_date: localDate(),
    });
    expect(calls[0]?.authorization).toBe('Bearer visitor-token-for-tests');
    expect(localDate()).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it("shows the server's message for a refused registration and keeps what was typed", async () => {
    captureRegister(() =>
      HttpResponse.json(
        {
          data: null,
          error: {
            status: 400,
            name: 'ValidationError',
            message: 'Please enter a valid mobile number (7 to 15 digits).',
          },
        },
        { status: 400 },
      ),
    );
    renderApp({ path: '/auth/signUp' });
    await fillForm(valid);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid mobile number (7 to 15 digits).',
    );
    expect(window.location.pathname).toBe('/auth/signUp');
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Asha Rao');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.test');
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('+91 98765 43210');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Secret@123');
  });

  it('checks the fields before sending anything', async () => {
    const calls = captureRegister(() => HttpResponse.json({ ok: true }));
    renderApp({ path: '/auth/register' });
    await fillForm({
      email: 'not-an-email',
      mobile: '12345',
      password: 'short',
      confirmation: 'other',
    });

    expect(await screen.findByText('Enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(
      screen.getByText('Enter 10 to 15 digits, optionally starting with +'),
    ).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('accepts a mobile number of 15 digits and refuses 16', async () => {
    const calls = captureRegister(() => HttpResponse.json({ ok: true }));
    renderApp({ path: '/auth/register' });
    const user = await fillForm({ ...valid, mobile: '1234567890123456' });
    expect(
      await screen.findByText('Enter 10 to 15 digits, optionally starting with +'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Mobile number/), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls[0]?.body.student_mobile_number).toBe('123456789012345');
  });
});
