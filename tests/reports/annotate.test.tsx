// Issue 27, annotating in the browser: the saves as the faculty member works. A page's changes
// travel as one debounced save of that page with its version; a dropped connection keeps them on
// this device ("Offline, kept on this device") and a reload shows and sends them; a stale save
// (another tab saved first) is merged with the server's page and saved on its version.
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { makeStore } from '../../src/store/store';
import { annotateDb } from '../../src/features/reports/annotate/annotateDb';
import { useAnnotationSaves } from '../../src/features/reports/annotate/useAnnotationSaves';
import type {
  AnnotationItem,
  EvaluationAnnotations,
} from '../../src/features/reports/annotate/annotateTypes';
import { clickItem, dragItem, toPagePoint } from '../../src/features/reports/annotate/pageGeometry';
import { adminUser, signedInSession } from '../utils/fixtures';

const EVAL = 'eval-1';
const KEY = `${EVAL}:7:1`;
const TICK: AnnotationItem = { id: 't1', kind: 'tick', x: 0.2, y: 0.3, w: 0.04 };
const COMMENT: AnnotationItem = { id: 'c1', kind: 'comment', x: 0.5, y: 0.5, text: 'Good' };

const loaded = (pages: EvaluationAnnotations['pages'] = []): EvaluationAnnotations => ({
  evaluationId: EVAL,
  completed: false,
  limits: { itemsPerPage: 500, pointsPerStroke: 2000, textLength: 1000 },
  pages,
});

interface Sent {
  baseVersion: number;
  items: AnnotationItem[];
}

/** The PUT of page 1 of file 7: answers by `reply` (the sent bodies are kept). */
function savePage(reply: (body: Sent, n: number) => Response) {
  const sent: Sent[] = [];
  server.use(
    http.put('*/api/mains/evaluations/:id/annotations/:fileId/:page', async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.push(body);
      return reply(body, sent.length);
    }),
  );
  return sent;
}

const saved = (body: Sent, version: number) =>
  HttpResponse.json({
    data: { fileId: 7, page: 1, version, items: body.items, updatedAt: null },
  });

function mount(data: EvaluationAnnotations) {
  const store = makeStore({
    session: signedInSession(adminUser, ['Administrator']),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useAnnotationSaves(EVAL, data), { wrapper });
}

describe('annotation saves (issue 27)', () => {
  it('sends one debounced save of the changed page with its version', async () => {
    await annotateDb.pendingPages.clear();
    const sent = savePage((body, n) => saved(body, 4 + n));
    const view = mount(loaded([{ fileId: 7, page: 1, version: 4, items: [], updatedAt: null }]));
    act(() => view.result.current.change(7, 1, [TICK]));
    act(() => view.result.current.change(7, 1, [TICK, COMMENT]));
    expect(view.result.current.status).toBe('saving');
    expect(view.result.current.pages[KEY]).toEqual([TICK, COMMENT]);
    await waitFor(() => expect(view.result.current.status).toBe('saved'));
    expect(sent).toEqual([{ baseVersion: 4, items: [TICK, COMMENT] }]);
    // The next change starts from the version the server gave.
    act(() => view.result.current.change(7, 1, [TICK]));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ baseVersion: 5, items: [TICK] });
    await waitFor(() => expect(view.result.current.status).toBe('saved'));
    expect(await annotateDb.pendingPages.count()).toBe(0);
    view.unmount();
  });

  it('keeps the page on this device when the connection drops, and sends it after a reload', async () => {
    await annotateDb.pendingPages.clear();
    savePage(() => HttpResponse.error());
    const first = mount(loaded());
    act(() => first.result.current.change(7, 1, [TICK, COMMENT]));
    await waitFor(() => expect(first.result.current.status).toBe('offline'));
    const kept = await annotateDb.pendingPages.get(KEY);
    expect(kept?.items).toEqual([TICK, COMMENT]);
    first.unmount();

    // The reload: the server has nothing yet; the kept page is shown and sent.
    const sent = savePage((body) => saved(body, 1));
    const second = mount(loaded());
    await waitFor(() => expect(second.result.current.pages[KEY]).toEqual([TICK, COMMENT]));
    await waitFor(() => expect(sent).toEqual([{ baseVersion: 0, items: [TICK, COMMENT] }]));
    await waitFor(() => expect(second.result.current.status).toBe('saved'));
    await waitFor(async () => expect(await annotateDb.pendingPages.count()).toBe(0));
    second.unmount();
  });

  it('merges with a page another tab saved first, then saves on its version', async () => {
    await annotateDb.pendingPages.clear();
    const other: AnnotationItem = { id: 'x9', kind: 'cross', x: 0.7, y: 0.1, w: 0.04 };
    const sent = savePage((body, n) =>
      n === 1
        ? HttpResponse.json(
            {
              data: null,
              error: {
                status: 409,
                name: 'ConflictError',
                message: 'This page was changed elsewhere (now version 3): merge and save again.',
                details: {
                  current: { fileId: 7, page: 1, version: 3, items: [other], updatedAt: null },
                },
              },
            },
            { status: 409 },
          )
        : saved(body, 4),
    );
    const view = mount(loaded());
    act(() => view.result.current.change(7, 1, [TICK]));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({ baseVersion: 0, items: [TICK] });
    expect(sent[1]).toEqual({ baseVersion: 3, items: [other, TICK] });
    await waitFor(() => expect(view.result.current.status).toBe('saved'));
    expect(view.result.current.pages[KEY]).toEqual([other, TICK]);
    view.unmount();
  });

  it('tells a refusal (completed evaluation) instead of pretending it saved', async () => {
    await annotateDb.pendingPages.clear();
    savePage(() =>
      HttpResponse.json(
        {
          data: null,
          error: {
            status: 409,
            name: 'ConflictError',
            message: 'Indian Polity is completed: an administrator can reopen it.',
            details: {},
          },
        },
        { status: 409 },
      ),
    );
    const view = mount(loaded());
    act(() => view.result.current.change(7, 1, [TICK]));
    await waitFor(() => expect(view.result.current.status).toBe('refused'));
    expect(view.result.current.refusal).toMatch(/completed/);
    view.unmount();
  });
});

describe('page geometry (issue 27)', () => {
  const box = { left: 100, top: 50, width: 200, height: 400 };
  it('maps the pointer to the unrotated page whatever the turn', () => {
    expect(toPagePoint(150, 150, box, 0)).toEqual([0.25, 0.25]);
    // Turned a quarter clockwise: the page's top-left corner is on screen at the top right.
    expect(toPagePoint(300, 50, box, 90)).toEqual([0, 0]);
    expect(toPagePoint(300, 450, box, 90)).toEqual([1, 0]);
    expect(toPagePoint(100, 50, box, 180)).toEqual([1, 1]);
    expect(toPagePoint(100, 50, box, 270)).toEqual([1, 0]);
  });
  it('makes items only with what they need', () => {
    expect(clickItem('comment', 0.1, 0.1, { text: '  ', marks: null })).toBeNull();
    expect(clickItem('mark', 0.1, 0.1, { text: '', marks: 4.5 })).toMatchObject({
      kind: 'mark',
      marks: 4.5,
    });
    expect(dragItem('underline', [0.5, 0.2], [0.1, 0.25])).toMatchObject({
      kind: 'underline',
      x: 0.1,
      y: 0.2,
    });
    expect(dragItem('highlight', [0.5, 0.5], [0.5005, 0.6])).toBeNull();
  });
});
