// The institute's logo and favicon (issue 24): one image each, checked by its bytes (not its name
// or the browser's word), small, never SVG (an SVG can carry a script to every visitor of the
// sign-in page). Stored through the upload plugin like an avatar; the settings row points at it.
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Caller } from '../../access/caller';
import { asSystem } from '../../access/caller';
import { knexOf } from '../../platform/db/sql';
import { sniffFile, tooLargeMessage } from '../../platform/files/file-types';
import type { IncomingFile } from '../../platform/files/uploads';
import { assertAdministrator, readInstitute, writeInstitute } from './settings';

export const INSTITUTE_FILES = {
  logo: { column: 'logo_file_id', types: ['image/png', 'image/jpeg', 'image/webp'], max: 1 << 20 },
  favicon: { column: 'favicon_file_id', types: ['image/png'], max: 256 * 1024 },
} as const;

type Field = keyof typeof INSTITUTE_FILES;

const fieldOf = (input: unknown): Field => {
  if (input !== 'logo' && input !== 'favicon') {
    throw new errors.ValidationError('The file must be the logo or the favicon.');
  }
  return input;
};

interface UploadService {
  upload(input: { data: Record<string, unknown>; files: unknown }): Promise<unknown>;
}

const filesIn = (ctx: unknown): IncomingFile[] => {
  const value = (ctx as { request?: { files?: Record<string, unknown> } }).request?.files?.files;
  return (Array.isArray(value) ? value : value ? [value] : []).filter(
    (f): f is IncomingFile =>
      typeof f === 'object' && f !== null && typeof (f as IncomingFile).filepath === 'string',
  );
};

/** POST /api/institute/files/:field (multipart `files`, one image) → the settings. */
export const setInstituteFile = async (
  strapi: Core.Strapi,
  caller: Caller,
  fieldInput: unknown,
  ctx: unknown,
) => {
  assertAdministrator(caller);
  const field = fieldOf(fieldInput);
  const rule = INSTITUTE_FILES[field];
  const what = field === 'logo' ? 'The logo' : 'The favicon';
  const files = filesIn(ctx);
  if (files.length !== 1) throw new errors.ValidationError(`${what}: send one image.`);
  const file = files[0];
  if (file.size > rule.max)
    throw new errors.ValidationError(`${what}: ${tooLargeMessage(rule.max)}`);
  const type = await sniffFile(file.filepath, file.originalFilename ?? file.name ?? '');
  if (!type || !(rule.types as readonly string[]).includes(type)) {
    throw new errors.ValidationError(
      field === 'logo'
        ? 'The logo must be a PNG, JPEG or WebP image.'
        : 'The favicon must be a PNG image.',
    );
  }
  file.mimetype = type;
  file.type = type;
  const service = strapi.plugin('upload').service('upload') as unknown as UploadService;
  const stored = await asSystem(() => service.upload({ data: {}, files: file }));
  const first = (Array.isArray(stored) ? stored[0] : stored) as { id?: unknown } | undefined;
  if (typeof first?.id !== 'number') throw new Error('The upload stored no file.');
  const knex = knexOf(strapi);
  await writeInstitute(knex, caller, { [rule.column]: first.id });
  return readInstitute(knex, caller);
};

/** DELETE /api/institute/files/:field → the settings without it (the portal's own again). */
export const clearInstituteFile = async (
  strapi: Core.Strapi,
  caller: Caller,
  fieldInput: unknown,
) => {
  assertAdministrator(caller);
  const field = fieldOf(fieldInput);
  const knex = knexOf(strapi);
  await writeInstitute(knex, caller, { [INSTITUTE_FILES[field].column]: null });
  return readInstitute(knex, caller);
};
