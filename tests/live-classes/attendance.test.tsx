import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../src/lib/saveBlob';
import { server } from '../msw/server';
import { adminUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';

vi.mock('../../src/lib/saveBlob', () => ({ saveBlob: vi.fn(), BLOB_LINK_LIFETIME_MS: 40000 }));

const SLOW = 60000;

describe('the attendance of a class', () => {
  it(
    'lists present and absent learners with the counts, and exports the sheet',
    async () => {
      const exported: string[] = [];
      server.use(
        http.get('*/api/live-classes/:documentId/attendance', ({ params }) =>
          HttpResponse.json({
            data: {
              class: {
                documentId: params.documentId,
                name: 'Algebra live',
                date: '2026-03-02T10:00:00.000Z',
              },
              rows: [
                {
                  studentDocumentId: 's1',
                  name: 'Asha Rao',
                  email: 'asha@demo.test',
                  rollNumber: 'R1',
                  present: true,
                  firstJoinedAt: '2026-03-02T09:58:00.000Z',
                  joins: 2,
                },
                {
                  studentDocumentId: 's2',
                  name: 'Ravi Kumar',
                  email: 'ravi@demo.test',
                  rollNumber: null,
                  present: false,
                  firstJoinedAt: null,
                  joins: 0,
                },
              ],
            },
            meta: { present: 1, absent: 1, total: 2 },
          }),
        ),
        http.get('*/api/live-classes/:documentId/attendance/export', ({ params }) => {
          exported.push(String(params.documentId));
          return new HttpResponse(new Blob(['xlsx']), {
            headers: { 'Content-Type': 'application/octet-stream' },
          });
        }),
      );
      renderApp({
        path: '/live-classes/class-1/attendance',
        user: adminUser,
        authorities: ['ROLE_ADMIN'],
      });
      const table = await screen.findByRole('table', { name: 'Attendance' });
      const rows = within(table).getAllByRole('row');
      expect(within(rows[1] as HTMLElement).getByText('Present')).toBeInTheDocument();
      expect(within(rows[2] as HTMLElement).getByText('Absent')).toBeInTheDocument();
      expect(screen.getByText('Present 1')).toBeInTheDocument();
      expect(screen.getByText('Absent 1')).toBeInTheDocument();
      expect(screen.getByText('Total 2')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Attendance: Algebra live' })).toBeInTheDocument();

      await userEvent
        .setup({ delay: null })
        .click(screen.getByRole('button', { name: 'Export to xlsx' }));
      await waitFor(() => expect(saveBlob).toHaveBeenCalled());
      expect(exported).toEqual(['class-1']);
      expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe('attendance-Algebra live.xlsx');
    },
    SLOW,
  );
});
