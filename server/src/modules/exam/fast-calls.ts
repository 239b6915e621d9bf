import { IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { authenticateFast } from './learner-auth';
import { errorBody, HttpError } from '../../platform/http/errors';
import { type UserCaller, userCaller } from '../../access/caller';
import { initialize } from './start';
import { forgetIp, submitEvents } from './integrity';
import { leanSaveInput, saveAnswer, type SaveInput } from './save';
import { submit } from './submit';
import { moveSection } from './section-move';

/**
 * The calls every learner of an exam makes, answered in front of Strapi's HTTP stack: the
 * answer save (PUT /api/answers/:documentId, every few seconds), the start
 * (POST /api/test/prelims/initialize), the submit (POST /api/test/prelims/submit) and, with
 * sections, the section move (POST /api/test/prelims/section, everyone at a section's end). Under an
 * exam Strapi's thirteen global middlewares, router and policies cost more than a save itself, and
 * when the exam opens they ran for every arriving start at once, ahead of the saves
 * (bench/exam-load). Here a start or a submit costs only its authentication on arrival, then
 * waits in the write gate (write-gate.ts) while saves pass.
 *
 * The rules are the same ones, in the same code: the users-permissions JWT and the learner's role
 * and grant (learner-auth.ts), then the service (saveAnswer, initialize, submit) with the learner
 * as caller. Errors have Strapi's shape.
 *
 * Anything else goes to Strapi unchanged: another method or path, a query string, a body that is
 * not small JSON, another origin (CORS is Strapi's), a caller who is not a learner with the grant
 * (Strapi's policies answer 401/403, staff get their own routes), or a save body without the save's
 * fields (a Mains answer's documents, staff marking). When the body has been read already, Strapi
 * gets a copy of the request with the same body.
 */
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

type Body = Record<string, unknown>;

interface FastCall {
  method: 'PUT' | 'POST';
  path: RegExp;
  /** The permission-table action the learner's role must hold. */
  action: string;
  /** Null when the body is not this call's (Strapi answers it). */
  read(body: Body): Body | null;
  answer(
    strapi: Core.Strapi,
    caller: UserCaller,
    param: string,
    body: Body,
    ip: string | null,
  ): Promise<{ status: number; data: unknown }>;
}

const CALLS: readonly FastCall[] = [
  {
    method: 'PUT',
    path: /^\/api\/answers\/([^/?#]+)$/,
    action: 'api::answer.answer.update',
    read: (body) => leanSaveInput(body.data) as Body | null,
    answer: async (strapi, caller, documentId, fields, ip) => ({
      status: 200,
      data: await saveAnswer(strapi, caller.userId, documentId, fields as SaveInput, ip),
    }),
  },
  {
    method: 'POST',
    path: /^\/api\/test\/prelims\/initialize$/,
    action: 'api::exam.exam.initialize',
    read: (body) => body,
    answer: async (strapi, caller, _param, body) => {
      forgetIp(caller.userId); // a new attempt records its first IP
      const { created, data } = await initialize(strapi, caller, body.testId, body.mode);
      return { status: created ? 201 : 200, data };
    },
  },
  {
    method: 'POST',
    path: /^\/api\/test\/prelims\/submit$/,
    action: 'api::exam.exam.submit',
    read: (body) => body,
    answer: async (strapi, caller, _param, body) => {
      const logEvents = await submitEvents(strapi, caller.userId, body.attemptId, body.events);
      const answer = await submit(strapi, caller, body.attemptId);
      await logEvents();
      return answer;
    },
  },
  {
    // Sections (issue 23): at a section's end every learner of the exam asks at once.
    method: 'POST',
    path: /^\/api\/test\/prelims\/section$/,
    action: 'api::exam.exam.section',
    read: (body) => body,
    answer: async (strapi, caller, _param, body) => ({
      status: 200,
      data: await moveSection(strapi, caller, body.attemptId, body.section),
    }),
  },
];

const MAX_BODY_BYTES = 16 * 1024;
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

/** The call this path may take before reading the body, with its path parameter; else null. */
export const fastCandidate = (req: IncomingMessage): { call: FastCall; param: string } | null => {
  if (!req.url) {
    return null;
  }
  const call = CALLS.find((c) => c.method === req.method && c.path.test(req.url ?? ''));
  if (!call) {
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
    return { call, param: decodeURIComponent(call.path.exec(req.url)?.[1] ?? '') };
  } catch {
    return null;
  }
};

/** The body as a JSON object, or null (that request goes to Strapi, which answers it). */
const jsonObject = (body: Buffer): Body | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Body)
    : null;
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

/** The client's address as Koa's `ctx.request.ip` reads it (X-Forwarded-For only behind a trusted proxy). */
const requestIp = (strapi: Core.Strapi, req: IncomingMessage): string | null => {
  const forwarded = req.headers['x-forwarded-for'];
  if ((strapi.server.app as { proxy?: boolean }).proxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? null;
};

const send = (res: ServerResponse, status: number, payload: unknown): void => {
  const text = JSON.stringify(payload);
  res.writeHead(status, { ...HEADERS, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

const sendError = (res: ServerResponse, status: number, message: string): void =>
  send(res, status, errorBody(status, message));

const handle = async (
  strapi: Core.Strapi,
  strapiListener: Listener,
  req: IncomingMessage,
  res: ServerResponse,
  { call, param }: { call: FastCall; param: string },
): Promise<void> => {
  const started = performance.now();
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === null) {
    if (!res.headersSent) {
      sendError(res, 400, 'The request body could not be read.');
    }
    return;
  }
  const json = jsonObject(body);
  const input = json === null ? null : call.read(json);
  if (input === null) {
    strapiListener(replay(req, body), res);
    return;
  }
  const auth = await authenticateFast(strapi, { request: { header: req.headers } }, call.action);
  if (auth.kind !== 'user' || auth.user.role.type !== 'student') {
    // Not a learner with the grant: Strapi's route answers (401/403, or staff's own rules).
    strapiListener(replay(req, body), res);
    return;
  }
  const { id, role, links } = auth.user;
  let status: number;
  try {
    const answer = await call.answer(
      strapi,
      userCaller(strapi, id, role.type, links),
      param,
      input,
      requestIp(strapi, req),
    );
    status = answer.status;
    send(res, status, { data: answer.data });
  } catch (error) {
    if (error instanceof HttpError) {
      status = error.status;
      sendError(res, error.status, error.message);
    } else {
      status = 500;
      strapi.log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      sendError(res, 500, 'Internal Server Error');
    }
  }
  strapi.log.http(
    `${req.method} ${req.url} (${Math.round(performance.now() - started)} ms) ${status}`,
  );
};

/**
 * Puts the learner's exam calls in front of Strapi's request listener (once, at bootstrap, before
 * listening). EXAM_FAST_CALLS=false leaves every request to Strapi.
 */
export const installFastCalls = (strapi: Core.Strapi, server: Server): void => {
  const listeners = server.listeners('request') as Listener[];
  if (listeners.length !== 1) {
    strapi.log.warn('The fast exam calls are off: the HTTP server has an unexpected listener.');
    return;
  }
  const strapiListener = listeners[0];
  server.removeListener('request', strapiListener);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const candidate = fastCandidate(req);
    if (candidate === null) {
      strapiListener(req, res);
      return;
    }
    handle(strapi, strapiListener, req, res, candidate).catch((error: unknown) => {
      strapi.log.error(String(error));
      if (!res.headersSent) {
        sendError(res, 500, 'Internal Server Error');
      }
    });
  });
};
