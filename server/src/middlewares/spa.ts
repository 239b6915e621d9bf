import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Core } from '@strapi/strapi';

type Context = Parameters<Core.MiddlewareHandler>[0];
type Next = Parameters<Core.MiddlewareHandler>[1];

/** Paths that belong to the server; the SPA never answers them (a 404 there stays a 404). */
const SERVER_PATH = /^\/(api|uploads|graphql|admin|_health)(\/|$)/i;
const HASHED_ASSETS = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * The Zoom room (issue 21, `/zoom/*`): cross-origin isolated, so the Meeting SDK's Component view
 * has SharedArrayBuffer (gallery view, better video). `credentialless` rather than `require-corp`:
 * Zoom's own resources load without CORP headers. Only these pages: elsewhere, isolation would
 * break cross-origin embeds (YouTube videos) and popups.
 */
const ZOOM_ROOM = /^\/zoom(\/|$)/;
const ISOLATION: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

/**
 * The room's Content-Security-Policy: the site's own (strapi::security, `script-src 'self'`) plus
 * what the Meeting SDK loads at run time: its media scripts and workers from Zoom's CDN
 * (source.zoom.us, with CloudFront fallbacks) and WebAssembly. Without them the SDK's first asset
 * (lib/av/js_media.min.js) is refused and every join fails. Only these pages.
 */
const ZOOM_SOURCES = [
  'https://source.zoom.us',
  'https://dmogdx0jrul3u.cloudfront.net',
  'https://d1cdksi819e9z7.cloudfront.net',
];
const ZOOM_DIRECTIVES: Record<string, string[]> = {
  'script-src': ["'wasm-unsafe-eval'", ...ZOOM_SOURCES],
  'worker-src': ["'self'", 'blob:', ...ZOOM_SOURCES],
};

/** `policy` with the Zoom room's sources added to its directives (added where missing). */
export const zoomRoomPolicy = (policy: string): string => {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const [name, sources] of Object.entries(ZOOM_DIRECTIVES)) {
    const index = directives.findIndex((part) => part.split(/\s+/)[0] === name);
    const current = index >= 0 ? (directives[index] ?? name) : `${name} 'self'`;
    const have = new Set(current.split(/\s+/));
    const merged = [current, ...sources.filter((source) => !have.has(source))].join(' ');
    if (index >= 0) directives[index] = merged;
    else directives.push(merged);
  }
  return directives.join(';');
};

interface StaticFile {
  absolutePath: string;
  stat: fs.Stats;
}

/** Resolves a request path to a regular, non-hidden file inside root, or null. */
const findFile = async (root: string, requestPath: string): Promise<StaticFile | null> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) {
    return null;
  }
  const absolutePath = path.resolve(root, `.${decoded}`);
  if (!absolutePath.startsWith(root + path.sep)) {
    return null;
  }
  try {
    const stat = await fs.promises.stat(absolutePath);
    return stat.isFile() ? { absolutePath, stat } : null;
  } catch {
    return null;
  }
};

/**
 * Text files of the build are sent gzipped to browsers that accept it (issue 25: the sign-in
 * page's JavaScript is ~150 KB gzipped but ~440 KB as built; nothing in front of the server is
 * assumed to compress). Each file is compressed once and kept (the build is a fixed, bounded set of
 * files; a changed file, by size or time, is compressed again); files over the limit stream as
 * they are.
 */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map']);
const COMPRESS_LIMIT_BYTES = 8 * 1024 * 1024;
const gzipped = new Map<string, { size: number; mtimeMs: number; body: Buffer }>();

const gzippedBody = async (file: StaticFile): Promise<Buffer> => {
  const kept = gzipped.get(file.absolutePath);
  if (kept && kept.size === file.stat.size && kept.mtimeMs === file.stat.mtimeMs) return kept.body;
  const body = gzipSync(await fs.promises.readFile(file.absolutePath), { level: 9 });
  gzipped.set(file.absolutePath, { size: file.stat.size, mtimeMs: file.stat.mtimeMs, body });
  return body;
};

const sendFile = async (ctx: Context, file: StaticFile, cacheControl: string): Promise<void> => {
  const extension = path.extname(file.absolutePath);
  const compressible = COMPRESSIBLE.has(extension) && file.stat.size <= COMPRESS_LIMIT_BYTES;
  const gzip = compressible && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
  ctx.status = 200;
  ctx.set('Cache-Control', cacheControl);
  if (compressible) ctx.vary('Accept-Encoding');
  ctx.lastModified = file.stat.mtime;
  const version = `${file.stat.size.toString(16)}-${Math.floor(file.stat.mtimeMs).toString(16)}`;
  ctx.etag = `W/"${version}${gzip ? '-gz' : ''}"`;
  ctx.type = extension || 'application/octet-stream';
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (gzip) {
    const body = await gzippedBody(file);
    ctx.set('Content-Encoding', 'gzip');
    ctx.length = body.length;
    ctx.body = body;
    return;
  }
  ctx.length = file.stat.size;
  ctx.body = fs.createReadStream(file.absolutePath);
};

/** Resolves SPA_DIST_DIR (absolute, or relative to the server folder); null when unset or unbuilt. */
export const resolveSpaRoot = (appRoot: string, configured: string | undefined): string | null => {
  if (!configured) {
    return null;
  }
  const root = path.resolve(appRoot, configured);
  return fs.existsSync(path.join(root, 'index.html')) ? root : null;
};

/**
 * Serves the built SPA from SPA_DIST_DIR on the same origin as the API:
 * - files of the build (hashed /assets/* cached for a year, everything else revalidated);
 * - any other GET that no server route answers gets index.html (client-side routing),
 *   except under /api, /uploads, /graphql, /admin and /_health.
 */
const spa = (_config: unknown, { strapi }: { strapi: Core.Strapi }): Core.MiddlewareHandler => {
  const configured = process.env.SPA_DIST_DIR;
  const root = resolveSpaRoot(strapi.dirs.app.root, configured);
  if (!root) {
    if (configured) {
      strapi.log.warn(`SPA_DIST_DIR=${configured} has no index.html: the SPA is not served.`);
    }
    return async (_ctx: Context, next: Next) => {
      await next();
    };
  }
  strapi.log.info(`Serving the SPA from ${root}`);
  const indexFile = path.join(root, 'index.html');

  const sendIndex = async (ctx: Context): Promise<void> => {
    const stat = await fs.promises.stat(indexFile);
    if (ZOOM_ROOM.test(ctx.path)) {
      ctx.set(ISOLATION);
      const policy = ctx.response.get('Content-Security-Policy');
      if (policy) ctx.set('Content-Security-Policy', zoomRoomPolicy(policy));
    }
    await sendFile(ctx, { absolutePath: indexFile, stat }, REVALIDATE);
  };

  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATH.test(ctx.path)) {
      await next();
      return;
    }
    if (ctx.path === '/' || ctx.path === '/index.html') {
      await sendIndex(ctx);
      return;
    }
    const file = await findFile(root, ctx.path);
    if (file) {
      await sendFile(ctx, file, HASHED_ASSETS.test(ctx.path) ? IMMUTABLE : REVALIDATE);
      return;
    }
    await next();
    // Nothing on the server answered (e.g. /course/12): let the SPA's router handle it.
    if (ctx.status === 404 && !HASHED_ASSETS.test(ctx.path)) {
      await sendIndex(ctx);
    }
  };
};

export default spa;
