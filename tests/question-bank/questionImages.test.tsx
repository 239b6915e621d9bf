// Images and the pool's export and picker (issue 26): the question form's image dialog requires a
// text alternative and an image file before it uploads, then places the stored image in the
// chosen field; the pool's Export menu sends the list's filters (and offers the spreadsheet),
// and says to narrow the list above the limit; the "Add from pool" picker filters as the pool
// list does.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../src/lib/saveBlob';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { polity } from '../courses/courseFixtures';
import {
  list,
  pagination,
  question,
  serveTestPage,
  testDetail,
} from '../test-authoring/testFixtures';

vi.mock('../../src/lib/saveBlob', () => ({ saveBlob: vi.fn(), BLOB_LINK_LIFETIME_MS: 40000 }));

const SLOW = 90000;
const STORED = `/uploads/qimg_${'ab'.repeat(16)}_0123456789.png`;

function servePool(total = 1) {
  const asked: URL[] = [];
  server.use(
    http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
    http.get('*/api/questionPool-search', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(
        list(
          [question(101, { documentId: 'pool-1', question: 'Pool question one' })],
          pagination(1, 25, total),
        ),
      );
    }),
  );
  return asked;
}

describe('question images, pool export and picker', () => {
  it(
    'the image dialog needs a file and a text alternative, then places the stored image',
    async () => {
      serveTestPage(testDetail(1), [question(1)], 5);
      const uploads: FormData[] = [];
      const bodies: Array<{ data: Record<string, unknown> }> = [];
      server.use(
        http.get('*/api/subjects', () => HttpResponse.json(list([polity]))),
        http.post('*/api/question-images', async ({ request }) => {
          uploads.push(await request.formData());
          return HttpResponse.json({ data: { src: STORED } });
        }),
        http.post('*/api/questions', async ({ request }) => {
          bodies.push((await request.json()) as { data: Record<string, unknown> });
          return HttpResponse.json({ data: question(13) }, { status: 201 });
        }),
      );
      renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('list', { name: 'Questions' }, { timeout: 15000 });
      const user = userEvent.setup({ delay: null, applyAccept: false });
      await user.click(screen.getByRole('button', { name: 'New question' }));
      const form = await screen.findByRole('dialog', { name: 'New question' });
      await user.type(within(form).getByLabelText(/^Question \*/), 'Which curve?');
      await user.click(within(form).getByRole('button', { name: 'Add image' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add an image' });
      await user.click(within(dialog).getByRole('button', { name: 'Add image' }));
      expect(within(dialog).getByText('Choose an image.')).toBeInTheDocument();
      expect(within(dialog).getByText(/Describe the image/)).toBeInTheDocument();
      await user.upload(
        within(dialog).getByLabelText('Image file'),
        new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }),
      );
      await user.type(within(dialog).getByLabelText(/^Text alternative/), 'A "curved" line');
      await user.click(within(dialog).getByRole('button', { name: 'Add image' }));
      expect(within(dialog).getByText(/must be a PNG, JPEG, GIF or WebP/)).toBeInTheDocument();
      expect(uploads).toHaveLength(0);

      const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'graph.png', {
        type: 'image/png',
      });
      await user.upload(within(dialog).getByLabelText('Image file'), png);
      await user.selectOptions(within(dialog).getByLabelText('Add to'), 'explanation');
      await user.click(within(dialog).getByRole('button', { name: 'Add image' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Add an image' })).not.toBeInTheDocument(),
      );
      expect(uploads).toHaveLength(1);
      expect((uploads[0]?.get('file') as Blob).size).toBe(4);
      expect(within(form).getByLabelText('Explanation')).toHaveValue(
        `<img src="${STORED}" alt="A &quot;curved&quot; line">`,
      );
      expect(within(form).getByLabelText(/^Question \*/)).toHaveValue('Which curve?');
    },
    SLOW,
  );

  it(
    'the pool export sends the list filters, offers the spreadsheet, and stops above the limit',
    async () => {
      const asked = servePool();
      const urls: URL[] = [];
      server.use(
        http.get('*/api/questionPool-export', ({ request }) => {
          urls.push(new URL(request.url));
          return new HttpResponse('xlsx', { headers: { 'x-export-count': '1' } });
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('table', { name: 'Question pool' }, { timeout: 40000 });
      const user = userEvent.setup({ delay: null });
      const filters = screen.getByRole('group', { name: 'Filter questions' });
      await user.selectOptions(within(filters).getByLabelText('Difficulty'), 'hard');
      await user.selectOptions(within(filters).getByLabelText('Type'), 'TrueFalse');
      await waitFor(() => expect(asked.at(-1)?.searchParams.get('type')).toBe('TrueFalse'));
      await user.click(screen.getByRole('button', { name: 'Export questions' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Spreadsheet (.xlsx)' }));
      await waitFor(() => expect(saveBlob).toHaveBeenCalled());
      expect(vi.mocked(saveBlob).mock.calls.at(-1)?.[1]).toBe('question-pool.xlsx');
      expect(urls[0]?.searchParams.get('format')).toBe('xlsx');
      expect(urls[0]?.searchParams.get('difficulty')).toBe('hard');
      expect(urls[0]?.searchParams.get('type')).toBe('TrueFalse');
      expect(urls[0]?.searchParams.has('page')).toBe(false);
    },
    SLOW,
  );

  it(
    'above 5,000 matches the export says to narrow the list and sends nothing',
    async () => {
      servePool(5001);
      const urls: URL[] = [];
      server.use(
        http.get('*/api/questionPool-export', ({ request }) => {
          urls.push(new URL(request.url));
          return new HttpResponse('x');
        }),
      );
      renderApp({ path: '/questionpool', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('table', { name: 'Question pool' }, { timeout: 40000 });
      expect(screen.getByRole('button', { name: 'Export questions' })).toBeDisabled();
      expect(screen.getByText(/More than 5,000 questions match/)).toBeInTheDocument();
      expect(urls).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'the "Add from pool" picker filters as the pool list does',
    async () => {
      serveTestPage(testDetail(1), [question(1)], 5);
      const asked = servePool(1);
      renderApp({ path: '/testcorner/test-1', user: adminUser, authorities: ['ROLE_ADMIN'] });
      await screen.findByRole('list', { name: 'Questions' }, { timeout: 15000 });
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Add from pool' }));
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Add questions from the pool' },
        { timeout: 15000 },
      );
      const filters = within(dialog).getByRole('group', { name: 'Filter questions' });
      await user.selectOptions(within(filters).getByLabelText('Type'), 'Numeric');
      await user.selectOptions(within(filters).getByLabelText('Use'), 'unused');
      await user.type(within(filters).getByLabelText('Tag'), 'jee');
      await waitFor(() => expect(asked.at(-1)?.searchParams.get('tag')).toBe('jee'));
      const last = asked.at(-1);
      expect(last?.pathname).toMatch(/questionPool-search$/);
      expect(last?.searchParams.get('type')).toBe('Numeric');
      expect(last?.searchParams.get('used')).toBe('unused');
      expect(
        await within(dialog).findByRole('checkbox', { name: 'Select question: Pool question one' }),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});
