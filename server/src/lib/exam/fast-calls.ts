import { IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { authenticateFast } from './learner-auth';
import { errorBody } from './http';
import { ExamError, leanSaveInput, saveAnswer, type SaveInput } from './service';

/**
 * A learner's answer save (PUT /api/answers/:documentId with selected_answer / mark_as_important /
 * revision) answered in front of Strapi's HTTP stack. Under an exam every learner saves every few
 * seconds; Strapi's thirteen global middlewares, router and policies cost several times the save
 * itself (bench/exam-load). The rules are the same ones, in the same code: the users-permissions
 * JWT and the learner's role and grant (src/lib/exam/learner-auth.ts), then saveAnswer's guarded
 * UPDATE (own answer, open attempt, a–d, newer revision). Errors have Strapi's shape.
 *
 * Anything else goes to Strapi unchanged: another method or path, a query string, a body that is
 * not small JSON, another origin (CORS is Strapi's), a caller who is not a learner, or a body
 * without the save's fields (a Mains answer's documents, staff marking). When the body has been
 * read already, Strapi gets a copy of the request with the same body.
 */
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const SAVE_PATH = /^\/api\/answers\/([^/?#]+)$/;
const MAX_BODY_BYTES = 16 * 1024;
const ACTION = 'api::answer.answer.update';

/** Headers Strapi's security middleware (helmet) puts on an API answer that matter for JSON. */
const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  Vary: 'Origin',
} as const;

/** Same origin (no Origin header, or the request's own host); CORS answers stay Strapi's. */
const sameOrigin = (req: IncomingMessage): boolean => {
  const origin = req.headers.origin;
  if (origin === undefined) {
    return true;
  }
  const host = req.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
};

/** The documentId of a save this path may take before reading the body; null otherwise. */
export const saveCandidate = (req: IncomingMessage): string | null => {
  if (req.method !== 'PUT' || !req.url) {
    return null;
  }
  const match = SAVE_PATH.exec(req.url);
  if (!match) {
    return null;
  }
  const headers = req.headers;
  const length = Number(headers['content-length']);
  if (
    !Number.isInteger(length) ||
    length <= 0 ||
    length > MAX_BODY_BYTES ||
    !/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '') ||
    (headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity') ||
    typeof headers.authorization !== 'string' ||
    !sameOrigin(req)
  ) {
    return null;
  }
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
};

/** The body's save fields, or null when it is not a save (that request goes to Strapi). */
export const saveFields = (body: Buffer): SaveInput | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  return leanSaveInput((parsed as { data?: unknown } | null)?.data);
};

const readBody = (req: IncomingMessage, limit: number): Promise<Buffer | null> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(null));
    req.on('aborted', () => resolve(null));
  });

/** A request Strapi can read again: the same head, with the body already read. */
const replay = (req: IncomingMessage, body: Buffer): IncomingMessage => {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
};

const send = (res: ServerResponse, status: number, payload: unknown): void => {
  const text = JSON.stringify(payload);
  res.writeHead(status, { ...HEADERS, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

const sendError = (res: ServerResponse, status: number, message: string): void =>
  send(res, status, errorBody(status, message));

const handleSave = async (
  strapi: Core.Strapi,
  strapiListener: Listener,
  req: IncomingMessage,
  res: ServerResponse,
  documentId: string,
): Promise<void> => {
  const started = performance.now();
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === null) {
    if (!res.headersSent) {
      sendError(res, 400, 'The request body could not be read.');
    }
    return;
  }
  const fields = saveFields(body);
  if (fields === null) {
    strapiListener(replay(req, body), res);
    return;
  }
  const auth = await authenticateFast(strapi, { request: { header: req.headers } }, ACTION);
  if (auth.kind !== 'user' || auth.user.role.type !== 'student') {
    // Not a learner with the grant: Strapi's generic route answers (401/403, or staff's update).
    strapiListener(replay(req, body), res);
    return;
  }
  let status = 200;
  try {
    send(res, 200, { data: await saveAnswer(strapi, auth.user.id, documentId, fields) });
  } catch (error) {
    if (error instanceof ExamError) {
      status = error.status;
      sendError(res, error.status, error.message);
    } else {
      status = 500;
      strapi.log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      sendError(res, 500, 'Internal Server Error');
    }
  }
  strapi.log.http(`PUT ${req.url} (${Math.round(performance.now() - started)} ms) ${status}`);
};

/**
 * Puts the save in front of Strapi's request listener (once, at bootstrap, before listening).
 * EXAM_FAST_SAVE=false leaves every request to Strapi.
 */
export const installFastSave = (strapi: Core.Strapi, server: Server): void => {
  const listeners = server.listeners('request') as Listener[];
  if (listeners.length !== 1) {
    strapi.log.warn('The fast answer save is off: the HTTP server has an unexpected listener.');
    return;
  }
  const strapiListener = listeners[0];
  server.removeListener('request', strapiListener);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const documentId = saveCandidate(req);
    if (documentId === null) {
      strapiListener(req, res);
      return;
    }
    handleSave(strapi, strapiListener, req, res, documentId).catch((error: unknown) => {
      strapi.log.error(String(error));
      if (!res.headersSent) {
        sendError(res, 500, 'Internal Server Error');
      }
    });
  });
};
