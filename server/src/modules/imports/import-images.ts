/**
 * The images a question file carried (issue 26; Moodle XML's embedded files): the worker checked
 * them and left a mark where each stood; here, on the main thread (the worker has no storage),
 * each is stored as a question image and its mark becomes an `<img>` with the stored source. A
 * preview stores nothing: the mark shows as "[image: alt]".
 */
import type { Core } from '@strapi/strapi';
import { storeQuestionImageBytes } from '../catalogue';
import { IMAGE_MARK } from './formats/common';
import type { AcceptedRow } from './question-rows';

const RICH = ['question', 'option_a', 'option_b', 'option_c', 'option_d', 'explanation'] as const;

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const replaceMarks = (row: AcceptedRow, place: (index: number) => string): void => {
  const values = row.values as Record<string, unknown>;
  for (const key of RICH) {
    const text = values[key];
    if (typeof text === 'string') {
      values[key] = text.replace(IMAGE_MARK, (_whole, i: string) => place(Number(i)));
    }
  }
};

/** The preview's rows: each image shown by its alternative text. */
export const previewImages = (rows: readonly AcceptedRow[]): void => {
  for (const row of rows) {
    replaceMarks(row, (i) => `[image: ${row.images?.[i]?.alt || row.images?.[i]?.name || ''}]`);
  }
};

/** Stores the rows' images (as the caller: they are recorded as theirs) and places them. */
export const storeImages = async (
  strapi: Core.Strapi,
  rows: readonly AcceptedRow[],
): Promise<void> => {
  for (const row of rows) {
    if (!row.images || row.images.length === 0) continue;
    const tags: string[] = [];
    for (const image of row.images) {
      const stored = await storeQuestionImageBytes(strapi, Buffer.from(image.data, 'base64'));
      // The worker checked type and size, so a refusal here is a bug, not the file's fault.
      if ('reason' in stored) throw new Error(`Question image ${image.name}: ${stored.reason}`);
      tags.push(`<img src="${stored.src}" alt="${escapeAttribute(image.alt)}">`);
    }
    replaceMarks(row, (i) => tags[i] ?? '');
  }
};
