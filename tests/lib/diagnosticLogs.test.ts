import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../src/store/store';
import { apiClient } from '../../src/lib/apiClient';
import {
  CONSOLE_MESSAGE_LIMIT,
  formatConsoleArgs,
  installConsoleCapture,
} from '../../src/lib/consoleCapture';
import {
  clearDiagnosticLogs,
  logsWritten,
  readDiagnosticLogs,
  recordConsoleLog,
  recordNetworkLog,
  redactUrl,
} from '../../src/lib/diagnosticLogs';
import { MAX_LOG_ROWS } from '../../src/lib/logsDb';
import { server } from '../msw/server';

beforeEach(async () => {
  await clearDiagnosticLogs();
});

describe('network log', () => {
  it('records every call: method, URL without secrets, status, duration, time; no body or headers', async () => {
    makeStore();
    server.use(
      http.get('*/api/things', () => HttpResponse.json({ secret: 'body' })),
      http.post('*/api/fails', () =>
        HttpResponse.json(
          { data: null, error: { status: 400, name: 'ValidationError', message: 'No' } },
          { status: 400 },
        ),
      ),
      http.get('*/api/down', () => HttpResponse.error()),
    );
    await apiClient.get('/things?page=2&token=abc123&code=xyz');
    await expect(apiClient.post('/fails', { password: 'hunter22' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(apiClient.get('/down')).rejects.toMatchObject({ status: null });

    const { network } = await readDiagnosticLogs();
    expect(network).toHaveLength(3);
    expect(network[0]).toEqual({
      method: 'GET',
      url: '/api/things?page=2&token=[redacted]&code=[redacted]',
      status: 200,
      durationMs: expect.any(Number) as number,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
    expect(network[1]).toMatchObject({ method: 'POST', url: '/api/fails', status: 400 });
    expect(network[2]).toMatchObject({ method: 'GET', url: '/api/down', status: null });
    const text = JSON.stringify(network);
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('Bearer');
    expect(text).not.toContain('body');
  });

  it(`keeps only the newest ${MAX_LOG_ROWS} rows of each store`, async () => {
    for (let index = 0; index < MAX_LOG_ROWS + 12; index += 1) {
      recordNetworkLog({
        method: 'GET',
        url: `/api/n/${index}`,
        status: 200,
        durationMs: 1,
        timestamp: new Date().toISOString(),
      });
      recordConsoleLog({ level: 'log', message: `m${index}`, timestamp: new Date().toISOString() });
      // Several write batches, so trimming on every insert is exercised.
      if (index % 100 === 0) await logsWritten();
    }
    const { network, console: consoleRows } = await readDiagnosticLogs();
    expect(network).toHaveLength(MAX_LOG_ROWS);
    expect(network[0]?.url).toBe('/api/n/12');
    expect(network.at(-1)?.url).toBe(`/api/n/${MAX_LOG_ROWS + 11}`);
    expect(consoleRows).toHaveLength(MAX_LOG_ROWS);
    expect(consoleRows[0]?.message).toBe('m12');
  });

  it('clears everything, including rows not written yet', async () => {
    recordNetworkLog({ method: 'GET', url: '/a', status: 200, durationMs: 1, timestamp: 't' });
    await clearDiagnosticLogs();
    expect(await readDiagnosticLogs()).toEqual({ network: [], console: [] });
  });

  it('drops a request that was running at a clear (sign-out) and ended after it', async () => {
    makeStore();
    let answer: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const atServer = new Promise<void>((resolve) => {
      reached = resolve;
    });
    server.use(
      http.get('*/api/slow', async () => {
        reached();
        await held;
        return HttpResponse.json({});
      }),
      http.get('*/api/after', () => HttpResponse.json({})),
    );
    const running = apiClient.get('/slow');
    await atServer;
    await clearDiagnosticLogs();
    answer();
    await running;
    await apiClient.get('/after');
    const { network } = await readDiagnosticLogs();
    expect(network.map((entry) => entry.url)).toEqual(['/api/after']);
  });

  it('hides the values of secret-looking query parameters only', () => {
    expect(redactUrl('/api/x?access_token=1&pagination[page]=3&password=p#frag')).toBe(
      '/api/x?access_token=[redacted]&pagination[page]=3&password=[redacted]',
    );
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});

describe('console capture', () => {
  function fakeConsole() {
    return {
      log: vi.fn(),
      info: vi.fn(),
      warn: vi.fn(),
      error: vi.fn(),
    } as unknown as Console;
  }

  it('keeps calling the console and records warn, error and log', async () => {
    const target = fakeConsole();
    const originalWarn = target.warn;
    const uninstall = installConsoleCapture(target);
    target.warn('Careful', { code: 7 });
    target.error(new Error('Broke'));
    target.log('hello');
    expect(originalWarn).toHaveBeenCalledWith('Careful', { code: 7 });

    const { console: rows } = await readDiagnosticLogs();
    expect(rows.map((row) => row.level)).toEqual(['warn', 'error', 'log']);
    expect(rows[0]?.message).toBe('Careful {"code":7}');
    expect(rows[1]?.message).toContain('Broke');
    uninstall();
    expect(target.warn).toBe(originalWarn);
  });

  it('truncates long messages', () => {
    const message = formatConsoleArgs(['x'.repeat(CONSOLE_MESSAGE_LIMIT + 500)]);
    expect(message).toHaveLength(CONSOLE_MESSAGE_LIMIT + 1);
    expect(message.endsWith('…')).toBe(true);
  });

  it('survives circular objects', () => {
    const value: Record<string, unknown> = { a: 1 };
    value.self = value;
    expect(formatConsoleArgs([value])).toBe('{"a":1,"self":"[circular]"}');
  });
});
