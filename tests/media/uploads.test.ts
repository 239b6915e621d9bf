// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: happy-dom's fetch sends a File as JSON instead of its bytes (docs/decisions.md, "CI time").
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../src/store/store';
import { fileProblem } from '../../src/features/media/fileRules';
import { mediaEndpoints } from '../../src/features/media/mediaEndpoints';
import type { ProgressHandler } from '../../src/features/media/mediaTypes';
import { server } from '../msw/server';
import { adminUser, signedInSession } from '../utils/fixtures';

let store = makeStore();

function signIn() {
  const session = signedInSession(adminUser, ['ROLE_ADMIN']);
  store = makeStore({ session });
  return `Bearer ${session.token}`;
}

const { uploadFiles, uploadMaterial, renameFile } = mediaEndpoints.endpoints;

const uploadViaSignedUrl = (file: File, onProgress?: ProgressHandler) =>
  store.dispatch(uploadMaterial.initiate({ file, onProgress })).unwrap();

const SIGNED = 'https://bucket.storage.test/materials/abc-notes.pdf?X-Amz-Signature=sig';

describe('uploadMaterial (two-step upload)', () => {
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
    const files = await store
      .dispatch(
        uploadFiles.initiate({
          files: [new File(['png'], 'cover.png', { type: 'image/png' })],
          onProgress: (percent) => progress.push(percent),
        }),
      )
      .unwrap();
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
    await expect(
      store.dispatch(renameFile.initiate({ id: 77, name: 'Syllabus.pdf' })).unwrap(),
    ).resolves.toMatchObject({ name: 'Syllabus.pdf' });
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
