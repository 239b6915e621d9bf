/**
 * The images a question file carried (issue 26; Moodle XML's embedded files, `data:` images in
 * any format's HTML or a template's cells): the worker checked them and left a mark where each
 * stood; here, on the main thread (the worker has no storage), each is stored as a question image
 * when the import is written (write-questions.ts) and its mark becomes an `<img>` with the stored
 * source. A preview stores nothing: the mark shows as "[image: alt]".
 */
import type { Core } from '@strapi/strapi';
import { storeQuestionImageBytes } from '../catalogue';
import { IMAGE_MARK } from './formats/common';
import { base64Bytes } from './formats/data-images';
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

/**
 * Stores the rows' images (as the caller: they are recorded as theirs) and places them. Each
 * stored `src` is added to `stored` as soon as it exists, so a failure part-way (here or in the
 * write after it) can remove every image this import stored (write-questions.ts).
 */
export const storeImages = async (
  strapi: Core.Strapi,
  rows: readonly AcceptedRow[],
  stored: string[],
): Promise<void> => {
  for (const row of rows) {
    if (!row.images || row.images.length === 0) continue;
    const tags: string[] = [];
    for (const image of row.images) {
      const result = await storeQuestionImageBytes(strapi, Buffer.from(image.data, 'base64'));
      // The worker checked type and size, so a refusal here is a bug, not the file's fault.
      if ('reason' in result) throw new Error(`Question image ${image.name}: ${result.reason}`);
      stored.push(result.src);
      tags.push(`<img src="${result.src}" alt="${escapeAttribute(image.alt)}">`);
    }
    replaceMarks(row, (i) => tags[i] ?? '');
    // The bytes are not needed again: the memory goes as the write goes on.
    delete row.images;
  }
};

/** What a preview says about the images the import would store. */
export const imagesToStore = (
  rows: readonly AcceptedRow[],
): { imageCount: number; imageBytes: number } => {
  let imageCount = 0;
  let imageBytes = 0;
  for (const row of rows) {
    for (const image of row.images ?? []) {
      imageCount += 1;
      imageBytes += base64Bytes(image.data);
    }
  }
  return { imageCount, imageBytes };
};
