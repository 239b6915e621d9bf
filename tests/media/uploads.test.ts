import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../src/store/store';
import { fileProblem } from '../../src/features/media/fileRules';
import {
  DOWNLOAD_LINK_LIFETIME_MS,
  downloadFile,
  renameFile,
  uploadFiles,
  uploadViaSignedUrl,
} from '../../src/features/media/uploadsApi';
import { server } from '../msw/server';
import { adminUser, signedInSession } from '../utils/fixtures';

function signIn() {
  const session = signedInSession(adminUser, ['ROLE_ADMIN']);
  makeStore({ session });
  return `Bearer ${session.token}`;
}

const SIGNED = 'https://bucket.storage.test/materials/abc-notes.pdf?X-Amz-Signature=sig';

describe('uploadViaSignedUrl (two-step upload)', () => {
  it('asks for a signed URL, PUTs the raw file there without credentials, then registers it', async () => {
    const bearer = signIn();
    const calls: Array<{
      step: string;
      auth: string | null;
      type?: string | null;
      body?: unknown;
    }> = [];
    server.use(
      http.post('*/api/media/s3-upload-url', async ({ request }) => {
        calls.push({
          step: 'sign',
          auth: request.headers.get('authorization'),
          body: await request.json(),
        });
        return HttpResponse.json({ uploadURL: SIGNED, key: 'materials/abc-notes.pdf' });
      }),
      http.put('https://bucket.storage.test/materials/abc-notes.pdf', async ({ request }) => {
        calls.push({
          step: 'put',
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.text(),
        });
        return new HttpResponse(null, { status: 200 });
      }),
      http.post('*/api/media', async ({ request }) => {
        calls.push({
          step: 'register',
          auth: request.headers.get('authorization'),
          body: await request.json(),
        });
        return HttpResponse.json(
          {
            data: {
              id: 900,
              name: 'notes.pdf',
              url: 'https://bucket.storage.test/materials/abc-notes.pdf',
            },
          },
          { status: 201 },
        );
      }),
    );
    const progress: number[] = [];
    const file = new File(['%PDF-1.4 hello'], 'notes.pdf', { type: 'application/pdf' });

    const stored = await uploadViaSignedUrl(file, (percent) => progress.push(percent));

    expect(stored).toMatchObject({ id: 900, name: 'notes.pdf' });
    expect(calls.map((call) => call.step)).toEqual(['sign', 'put', 'register']);
    expect(calls[0]).toMatchObject({
      auth: bearer,
      body: { fileName: 'notes.pdf', fileType: 'application/pdf' },
    });
    expect(calls[1]).toMatchObject({ auth: null, type: 'application/pdf', body: '%PDF-1.4 hello' });
    expect(calls[2]).toMatchObject({
      auth: bearer,
      body: {
        data: {
          url: 'https://bucket.storage.test/materials/abc-notes.pdf',
          name: 'notes.pdf',
          type: 'application/pdf',
          size: file.size,
          key: 'materials/abc-notes.pdf',
        },
      },
    });
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((value) => value >= 0 && value <= 100)).toBe(true);
  });

  it('stops at a failed step with its message', async () => {
    signIn();
    const register = vi.fn();
    server.use(
      http.post('*/api/media/s3-upload-url', () =>
        HttpResponse.json({ uploadURL: SIGNED, key: 'k' }),
      ),
      http.put('https://bucket.storage.test/materials/abc-notes.pdf', () =>
        HttpResponse.text('Request has expired', { status: 403 }),
      ),
      http.post('*/api/media', () => {
        register();
        return HttpResponse.json({ data: {} });
      }),
    );
    await expect(
      uploadViaSignedUrl(new File(['x'], 'notes.pdf', { type: 'application/pdf' })),
    ).rejects.toMatchObject({ status: 403, message: 'Request has expired' });
    expect(register).not.toHaveBeenCalled();
  });
});

describe('uploadFiles and renameFile', () => {
  it('posts the files in the multipart field "files", reports progress and answers the created files', async () => {
    signIn();
    let names: string[] = [];
    server.use(
      http.post('*/api/upload', async ({ request }) => {
        const form = await request.formData();
        names = form
          .getAll('files')
          .map((entry) => (typeof entry === 'string' ? entry : String(entry.size)));
        return HttpResponse.json([{ id: 77, name: 'cover.png', url: '/uploads/cover.png' }], {
          status: 201,
        });
      }),
    );
    const progress: number[] = [];
    const files = await uploadFiles(
      [new File(['png'], 'cover.png', { type: 'image/png' })],
      (percent) => progress.push(percent),
    );
    // One file in the `files` field (jsdom's multipart encoder does not keep the file name).
    expect(names).toEqual(['3']);
    expect(files[0]?.id).toBe(77);
    expect(progress.at(-1)).toBe(100);
  });

  it('renames with ?id= and the fileInfo field', async () => {
    signIn();
    let seen: { id: string | null; info: unknown } | null = null;
    server.use(
      http.post('*/api/upload', async ({ request }) => {
        const form = await request.formData();
        seen = {
          id: new URL(request.url).searchParams.get('id'),
          info: JSON.parse(String(form.get('fileInfo'))),
        };
        return HttpResponse.json({ id: 77, name: 'Syllabus.pdf', url: '/uploads/x.pdf' });
      }),
    );
    await expect(renameFile(77, 'Syllabus.pdf')).resolves.toMatchObject({ name: 'Syllabus.pdf' });
    expect(seen).toEqual({ id: '77', info: { name: 'Syllabus.pdf' } });
  });
});

describe('file checks before sending', () => {
  it('refuses files over 50 MB and types outside the list', () => {
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    expect(fileProblem(big)).toBe('The file is larger than 50 MB.');
    expect(fileProblem(new File(['x'], 'run.exe', { type: 'application/x-msdownload' }))).toBe(
      'This type of file is not allowed.',
    );
    expect(fileProblem(new File(['x'], 'notes.docx', { type: '' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'clip.mp4', { type: 'video/mp4' }))).toBeNull();
  });
});

describe('downloadFile', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  afterEach(() => {
    vi.useRealTimers();
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('saves the blob through a temporary link and releases it after 40000 ms, without credentials', async () => {
    signIn();
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
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await downloadFile({ url: '/uploads/rights.pdf', name: 'rights.pdf' });

    expect(auth).toBeNull();
    expect(create).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual([{ href: 'blob:http://localhost/1', download: 'rights.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(DOWNLOAD_LINK_LIFETIME_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/1');
    expect(DOWNLOAD_LINK_LIFETIME_MS).toBe(40000);
    click.mockRestore();
  });
});
