/**
 * A file answered for download (a spreadsheet export, a calendar entry): its name in
 * Content-Disposition with the UTF-8 name too (RFC 6266), never cached. Written once here for
 * every controller that answers one (issue 19).
 */
import { TYPE_BY_EXTENSION } from '../files/file-types';
import type { Context } from './request';

export const XLSX = TYPE_BY_EXTENSION.xlsx;

/** `attachment; filename="…"` with the UTF-8 name too (RFC 6266). */
export const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const sendDownload = (ctx: Context, fileName: string, type: string, body: unknown): void => {
  ctx.set('Content-Disposition', attachment(fileName));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = type;
  ctx.body = body;
};
