import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../src/store/store';
import { MaterialsField } from '../../src/features/media/MaterialsField';
import type { MediaFile } from '../../src/features/media/mediaTypes';
import { server } from '../msw/server';
import { adminUser, signedInSession } from '../utils/fixtures';

const syllabus = { id: 77, name: 'scan-001.pdf', url: '/uploads/scan.pdf' } as MediaFile;

function Harness() {
  const [files, setFiles] = useState<MediaFile[]>([syllabus]);
  return (
    <>
      <MaterialsField label="Materials" files={files} onChange={setFiles} />
      <p data-testid="names">{files.map((file) => file.name).join(',')}</p>
    </>
  );
}

function renderHarness() {
  const store = makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
  return render(
    <Provider store={store}>
      <Harness />
    </Provider>,
  );
}

describe('renaming a material', () => {
  it('renames the file on the server and shows the new name', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/upload', async ({ request }) => {
        sent = JSON.parse(String((await request.formData()).get('fileInfo')));
        return HttpResponse.json({ ...syllabus, name: 'Syllabus.pdf' });
      }),
    );
    const user = userEvent.setup();
    renderHarness();
    await user.click(screen.getByRole('button', { name: 'Rename scan-001.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename file' });
    const field = within(dialog).getByLabelText(/^File name/);
    await user.clear(field);
    await user.type(field, 'Syllabus.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByTestId('names')).toHaveTextContent('Syllabus.pdf'));
    expect(sent).toEqual({ name: 'Syllabus.pdf' });
  });

  it("shows the server's refusal and keeps the typed name", async () => {
    server.use(
      http.post('*/api/upload', () =>
        HttpResponse.json(
          {
            data: null,
            error: { status: 403, name: 'PolicyError', message: 'Only staff may rename files.' },
          },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderHarness();
    await user.click(screen.getByRole('button', { name: 'Rename scan-001.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename file' });
    const field = within(dialog).getByLabelText(/^File name/);
    await user.clear(field);
    await user.type(field, 'New.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only staff may rename files.',
    );
    expect(field).toHaveValue('New.pdf');
    expect(screen.getByTestId('names')).toHaveTextContent('scan-001.pdf');
  });
});
