import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileList } from '../../src/features/media/FileList';
import type { MediaFile } from '../../src/features/media/mediaTypes';
import { BLOB_LINK_LIFETIME_MS } from '../../src/lib/saveBlob';
import { makeStore } from '../../src/store/store';
import { server } from '../msw/server';
import { adminUser, signedInSession } from '../utils/fixtures';

const rights = { id: 5, name: 'rights.pdf', url: '/uploads/rights.pdf' } as MediaFile;

function renderList() {
  const store = makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
  return render(
    <Provider store={store}>
      <FileList files={[rights]} />
    </Provider>,
  );
}

describe('downloading an attached file', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  afterEach(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
    vi.restoreAllMocks();
  });

  it('saves the file through a temporary link released after 40000 ms, without credentials', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get('*/uploads/rights.pdf', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF').buffer, {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }),
    );
    const create = vi.fn(() => 'blob:http://localhost/1');
    const revoke = vi.fn();
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    const clicks: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });
    const timers = vi.spyOn(window, 'setTimeout');
    renderList();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download rights.pdf' }));

    await waitFor(() =>
      expect(clicks).toEqual([{ href: 'blob:http://localhost/1', download: 'rights.pdf' }]),
    );
    expect(auth).toBeNull();
    expect(create).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')).toBeNull();
    const release = timers.mock.calls.find(([, delay]) => delay === BLOB_LINK_LIFETIME_MS);
    expect(BLOB_LINK_LIFETIME_MS).toBe(40000);
    expect(revoke).not.toHaveBeenCalled();
    const [handler] = release ?? [];
    if (typeof handler === 'function') handler();
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/1');
    expect(await screen.findByRole('button', { name: 'Download rights.pdf' })).toBeEnabled();
  });

  it('says which file could not be downloaded and why', async () => {
    server.use(
      http.get('*/uploads/rights.pdf', () => HttpResponse.text('Not Found', { status: 404 })),
    );
    renderList();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download rights.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'rights.pdf could not be downloaded:',
    );
  });
});
