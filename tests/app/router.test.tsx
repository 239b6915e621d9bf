import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { server } from '../msw/server';

describe('routes and layouts', () => {
  it('sends a signed-out visitor on a protected path to the sign-in screen', async () => {
    renderApp({ path: '/batches' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/login');
  });

  it('sends unknown paths under either layout to the 404 page', async () => {
    renderApp({ path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/404');
  });

  it('sends unknown /auth paths to the 404 page', async () => {
    renderApp({ path: '/auth/whatever' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('replaces / with /course and selects Courses in the menu', async () => {
    renderApp({ path: '/', user: adminUser, authorities: ['ROLE_ADMIN'] });
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/course');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('gives an administrator the whole menu', async () => {
    renderApp({ path: '/course', user: adminUser, authorities: ['ROLE_ADMIN'] });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const name of ['Courses', 'Test Corner', 'Learners', 'Faculties', 'Users', 'Reports']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('gives a student only the learner menu and refuses staff screens', async () => {
    renderApp({ path: '/users', user: studentUser, authorities: ['ROLE_STUDENT'] });
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Test Corner' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Learners' })).not.toBeInTheDocument();
  });

  it('shows an empty state, not a blank page, on screens still to be filled', async () => {
    renderApp({ path: '/batches', user: adminUser, authorities: ['ROLE_ADMIN'] });
    expect(await screen.findByText('No batches to show yet')).toBeInTheDocument();
  });

  it('opens the live-class route without the layout', async () => {
    server.use(
      http.post('*/api/zoom/signature', () =>
        HttpResponse.json(
          {
            data: null,
            error: { status: 409, name: 'Error', message: 'This class was cancelled.' },
          },
          { status: 409 },
        ),
      ),
    );
    renderApp({
      path: `/zoom/${encodeURIComponent('class-1')}`,
      user: studentUser,
      authorities: ['ROLE_STUDENT'],
    });
    expect(await screen.findByText('Live class')).toBeInTheDocument();
    expect(await screen.findByText('This class was cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument(),
    );
  });
});
