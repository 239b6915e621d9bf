import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { adminUser, studentUser } from '../utils/fixtures';
import { renderApp } from '../utils/renderApp';
import { strapiError } from './liveClassFixtures';

// The Meeting SDK is replaced by a test double: the room must never load the real one here.
const sdk = vi.hoisted(() => ({
  init: vi.fn<(options: unknown) => Promise<unknown>>(),
  join: vi.fn<(options: unknown) => Promise<unknown>>(),
  createClient: vi.fn(),
}));
vi.mock('../../src/features/live-classes/zoomSdk', () => ({
  loadZoomSdk: () =>
    Promise.resolve({
      createClient: () => {
        sdk.createClient();
        return { init: sdk.init, join: sdk.join };
      },
    }),
}));

const SLOW = 60000;

const signature = {
  signature: 'signed.jwt.value',
  sdkKey: 'sdk-key',
  meetingNumber: '1234567890',
  passcode: 'pass1',
  userName: 'Asha Rao',
  userEmail: 'student1@demo.test',
  role: 0,
  zak: null,
  hostNote: null,
};

function serveSignature(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/zoom/signature', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function openRoom(documentId = 'class/1') {
  renderApp({
    path: `/zoom/${encodeURIComponent(documentId)}`,
    user: studentUser,
    authorities: ['ROLE_STUDENT'],
  });
}

beforeEach(() => {
  sdk.init.mockReset();
  sdk.join.mockReset();
  sdk.createClient.mockReset();
});

describe('the live-class room', () => {
  it(
    'requests a signature for the class, then calls init and join with it',
    async () => {
      const bodies = serveSignature(() => HttpResponse.json({ data: signature }));
      sdk.init.mockResolvedValue('');
      sdk.join.mockResolvedValue('');
      openRoom();
      expect(await screen.findByText('Getting you into the class…')).toBeInTheDocument();
      await waitFor(() => expect(sdk.join).toHaveBeenCalledTimes(1));
      expect(bodies).toEqual([{ classId: 'class/1' }]);
      expect(sdk.init).toHaveBeenCalledWith({
        zoomAppRoot: screen.getByTestId('zoom-root'),
        language: 'en-US',
        patchJsMedia: true,
        leaveOnPageUnload: true,
      });
      expect(sdk.join).toHaveBeenCalledWith({
        signature: 'signed.jwt.value',
        meetingNumber: '1234567890',
        password: 'pass1',
        userName: 'Asha Rao',
        userEmail: 'student1@demo.test',
        zak: undefined,
      });
      await waitFor(() => expect(screen.queryByText('Getting you into the class…')).toBeNull());
    },
    SLOW,
  );

  it(
    'says it could not connect when join rejects, shows the host note, and Retry joins again',
    async () => {
      serveSignature(() =>
        HttpResponse.json({
          data: { ...signature, hostNote: 'Start the meeting from the Zoom app to host it.' },
        }),
      );
      sdk.init.mockResolvedValue('');
      sdk.join.mockRejectedValueOnce({ type: 'NETWORK', reason: 'blocked' }).mockResolvedValue('');
      openRoom();
      expect(
        await screen.findByText(
          'Could not connect to the class. Check your connection and try again.',
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Start the meeting from the Zoom app to host it.'),
      ).toBeInTheDocument();
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(sdk.join).toHaveBeenCalledTimes(2));
      expect(sdk.init).toHaveBeenCalledTimes(1);
      await waitFor(() =>
        expect(
          screen.queryByText(
            'Could not connect to the class. Check your connection and try again.',
          ),
        ).toBeNull(),
      );
    },
    SLOW,
  );

  it(
    "shows the server's message when Zoom is not configured, without loading the SDK",
    async () => {
      serveSignature(() =>
        strapiError(503, 'Live classes over Zoom are not configured on this server'),
      );
      openRoom();
      expect(
        await screen.findByText('Live classes over Zoom are not configured on this server'),
      ).toBeInTheDocument();
      expect(sdk.createClient).not.toHaveBeenCalled();
      expect(screen.getByRole('link', { name: 'Back to live classes' })).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'asks to host for staff, and shows how to start the meeting when the server cannot let them',
    async () => {
      const bodies = serveSignature(() =>
        HttpResponse.json({
          data: { ...signature, role: 0, hostNote: 'Start the meeting in Zoom to host it.' },
        }),
      );
      sdk.init.mockResolvedValue('');
      sdk.join.mockResolvedValue('');
      renderApp({ path: '/zoom/class-9', user: adminUser, authorities: ['ROLE_ADMIN'] });
      expect(await screen.findByText('Start the meeting in Zoom to host it.')).toBeInTheDocument();
      expect(bodies).toEqual([{ classId: 'class-9', role: 1 }]);
    },
    SLOW,
  );

  it(
    "shows the server's message when the class is not open yet",
    async () => {
      serveSignature(() =>
        strapiError(403, 'This class opens for joining 15 minutes before it starts.'),
      );
      openRoom();
      expect(
        await screen.findByText('This class opens for joining 15 minutes before it starts.'),
      ).toBeInTheDocument();
      expect(sdk.init).not.toHaveBeenCalled();
    },
    SLOW,
  );
});
