import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '@strapi/strapi';
import { koaBody } from 'koa-body';
import { authenticateFast } from '../modules/exam';
import { type QuotaKind, refuseWhenSpent, withinQuota } from '../access/quota-rules';
import { uploadSizeLimit } from '../platform/files/uploads';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/**
 * The only requests whose multipart body is parsed (written to the temp folder): the routes that
 * take files, each with the permission its caller's role must hold. Strapi's body parser parses
 * no multipart body at all (config/middlewares.ts: multipart off), so a file sent to any other
 * route (sign-in, registration, logs, …) is never written anywhere. `quota`: the route stores
 * the files, counted against the caller's daily upload quota (src/access/quota-rules.ts); imports
 * only read theirs.
 */
interface FileRoute {
  method: 'POST' | 'PUT';
  path: RegExp;
  action: string;
  quota: QuotaKind | null;
}

const route = (
  method: FileRoute['method'],
  path: string,
  action: string,
  quota: QuotaKind | null,
): FileRoute => ({
  method,
  // Strapi's router matches paths case-insensitively, with or without a trailing slash.
  path: new RegExp(`^/api${path.replace(/:\w+/g, '[^/]+')}/?$`, 'i'),
  action,
  quota,
});

export const FILE_ROUTES: readonly FileRoute[] = [
  route('POST', '/upload', 'plugin::upload.content-api.upload', 'uploads'),
  route('POST', '/mains/answers/:id/documents', 'api::mains.mains.addDocuments', 'uploads'),
  route(
    'POST',
    '/mains/evaluations/:id/document',
    'api::mains.mains.evaluationDocument',
    'uploads',
  ),
  route('PUT', '/custom-users/:id/avatar', 'api::people.people.avatar', 'uploads'),
  route('POST', '/institute/files/:field', 'api::institute.institute.setFile', 'uploads'),
  route('POST', '/profile/avatar', 'api::profile.profile.avatar', 'uploads'),
  route('POST', '/question-images', 'api::question.question.uploadImage', 'uploads'),
  route('POST', '/questions-import', 'api::question.question.importForTest', null),
  route('POST', '/assignmentQuestions-import', 'api::question.question.importForAssignment', null),
  route('POST', '/questionPool-import', 'api::question.question.importForPool', null),
  route('POST', '/learners-bulk', 'api::people.people.importLearners', null),
  route('POST', '/faculties-bulk', 'api::people.people.importFaculties', null),
  route('POST', '/users-bulk', 'api::people.people.importUsers', null),
];

export const fileRouteOf = (ctx: Context): FileRoute | null =>
  FILE_ROUTES.find((r) => r.method === ctx.method && r.path.test(ctx.path)) ?? null;

interface ParsedFile {
  filepath?: unknown;
  size?: unknown;
}

/** Every parsed file, whatever its field. */
const parsedFiles = (ctx: Context): ParsedFile[] => {
  const files = (ctx.request as unknown as { files?: Record<string, unknown> }).files ?? {};
  return Object.values(files).flatMap((value) => (Array.isArray(value) ? value : [value]));
};

/**
 * Puts each field's files back in the order the client sent them. formidable lists a file when
 * its write to disk has finished, so three photos of one answer could come out as page 2, 1, 3
 * (seen in CI); `begun` holds them in the order their parts began, which is the body's order.
 */
export const inSentOrder = (ctx: Context, begun: readonly unknown[]): void => {
  const files = (ctx.request as unknown as { files?: Record<string, unknown> }).files ?? {};
  for (const value of Object.values(files)) {
    if (Array.isArray(value)) value.sort((a, b) => begun.indexOf(a) - begun.indexOf(b));
  }
};

const isTooBig = (error: unknown): boolean =>
  error instanceof Error &&
  error.message.includes('maxFileSize') &&
  error.message.includes('exceeded');

/**
 * In place of Strapi's multipart parsing (before `strapi::body`): a multipart body is parsed only
 * on a file route and only for a signed-in user whose role holds that route's permission (the
 * users-permissions JWT, checked as the exam's fast path does: src/modules/exam/learner-auth.ts);
 * anyone else's body is never read, and the route's own authentication answers 401/403 as
 * before. Each parsed request gets its own folder in the temp folder, removed with everything in
 * it when the request ends: answered, refused, thrown, or the client gone mid-upload (formidable
 * then fails the parse). Strapi removed only the `files` field's files, and not when the handler
 * threw.
 */
export default (config: { maxFileSize?: number }, { strapi }: { strapi: Core.Strapi }) => {
  const maxFileSize = config.maxFileSize ?? uploadSizeLimit(strapi);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.is('multipart')) {
      return next();
    }
    const fileRoute = fileRouteOf(ctx);
    if (!fileRoute) {
      return next();
    }
    const auth = await authenticateFast(strapi, ctx, fileRoute.action);
    if (auth.kind !== 'user') {
      return next();
    }
    const caller = { userId: auth.user.id, roleType: auth.user.role.type };
    if (fileRoute.quota) {
      await refuseWhenSpent(strapi, ctx, fileRoute.quota, caller);
    }
    const uploadDir = await mkdtemp(join(tmpdir(), 'portal-upload-'));
    const begun: unknown[] = [];
    try {
      try {
        await koaBody({
          multipart: true,
          json: false,
          urlencoded: false,
          text: false,
          formidable: {
            uploadDir,
            maxFileSize,
            onFileBegin: (_field: string, file: unknown) => begun.push(file),
          },
        })(ctx, async () => {});
        inSentOrder(ctx, begun);
      } catch (error) {
        if (isTooBig(error)) {
          // As strapi::body answered (src/middlewares/upload-limit.ts and import-limit.ts word it).
          ctx.payloadTooLarge('FileTooBig');
          return;
        }
        throw error;
      }
      if (!fileRoute.quota) {
        await next();
        return;
      }
      const files = parsedFiles(ctx);
      const bytes = files.reduce((sum, f) => sum + (typeof f.size === 'number' ? f.size : 0), 0);
      await withinQuota(strapi, ctx, fileRoute.quota, caller, { items: files.length, bytes }, next);
    } finally {
      delete (ctx.request as unknown as { files?: unknown }).files;
      await rm(uploadDir, { recursive: true, force: true });
    }
  };
};
