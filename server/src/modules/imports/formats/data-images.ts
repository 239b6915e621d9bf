/**
 * Images written inside an imported question's HTML as `data:` URLs (issue 26, "data: images in
 * imports"): Moodle XML fields, GIFT's HTML and template cells pasted from Word or a web page
 * carry `<img src="data:image/png;base64,…">`. The sanitiser keeps only stored question images,
 * so such an image would be dropped; instead, here (in the import worker, which has no storage)
 * each one is checked exactly as an upload is (its type by its bytes, never by the URL's declared
 * type, so a `data:image/svg+xml` or a text called PNG is refused; at most 2 MB) and replaced by
 * the same private-use mark the Moodle files use; the write step stores it as a question image
 * and puts an `<img>` with the stored source in its place (import-images.ts). A bad one skips its
 * question with the reason. The whole file's images are bounded too (imageTotalProblem), so one
 * request cannot make the server hold or store an unbounded amount.
 */
import { imageTypeOf, SNIFF_BYTES } from '../../../platform/files/file-types';
import { QUESTION_IMAGE_MAX_BYTES } from '../../../platform/files/question-images';
import { htmlToText, imageMark, type ImportImage } from './common';

/** An `<img>` tag; a quoted value may hold `>` (a `data:image/svg+xml;utf8,<svg>` source). */
export const IMG_TAG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;

/** An attribute's value in one tag (double, single or no quotes), or null. */
export const attribute = (tag: string, name: string): string | null => {
  const m = new RegExp(`[\\s/]${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
};

/** Decoded size of base64 text (no whitespace), without decoding it. */
export const base64Bytes = (data: string): number =>
  Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A base64 image checked as an upload is (size, type by its first bytes), or why not. */
export const checkBase64Image = (
  name: string,
  base64: string,
): { data: string } | { reason: string } => {
  const data = base64.replace(/\s+/g, '');
  if (!BASE64.test(data) || data.length % 4 === 1) {
    return { reason: `the image ${name} is not valid base64` };
  }
  const size = base64Bytes(data);
  if (size <= 0) return { reason: `the image ${name} is empty` };
  if (size > QUESTION_IMAGE_MAX_BYTES) {
    return { reason: `the image ${name} is larger than 2 MB` };
  }
  // The head only: 24 base64 characters are 18 bytes, more than the sniff needs.
  const head = Buffer.from(data.slice(0, 24), 'base64').subarray(0, SNIFF_BYTES);
  if (!imageTypeOf(head)) {
    return { reason: `the image ${name} is not a PNG, JPEG, GIF or WebP image` };
  }
  return { data };
};

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),([\s\S]*)$/i;

/** True when HTML holds an `<img>` whose source is a `data:` URL. */
export const hasDataImage = (html: string): boolean =>
  /<img\b[^>]*[\s/]src\s*=\s*["']?\s*data:/i.test(html);

/**
 * The field's `data:` images replaced by marks (their bytes added to `images`), or the reason
 * the first bad one cannot come (the field's label, the image's place in the question, why).
 */
export const carryDataImages = (
  label: string,
  html: string,
  images: ImportImage[],
): { html: string; reason: string | null } => {
  let reason: string | null = null;
  const out = html.replace(IMG_TAG, (tag) => {
    const src = (attribute(tag, 'src') ?? '').trim();
    if (reason || !/^data:/i.test(src)) return tag;
    const name = `inline image ${images.length + 1}`;
    const url = DATA_URL.exec(src);
    const declared = url?.[1]?.trim().toLowerCase() || 'no type';
    if (!url || !/;base64$/i.test(url[2] ?? '')) {
      reason = `${label}: the ${name} (${declared}) is not base64-encoded`;
      return tag;
    }
    const checked = checkBase64Image(name, url[3] ?? '');
    if ('reason' in checked) {
      reason = `${label}: ${checked.reason} (its data: URL says ${declared})`;
      return tag;
    }
    const alt = htmlToText(attribute(tag, 'alt') ?? '').text;
    return imageMark(images.push({ name, data: checked.data, alt }) - 1);
  });
  return { html: out, reason };
};

/** Most decoded image bytes one import file may carry (IMPORT_IMAGES_MAX_MB, default 50). */
export const importImagesMaxBytes = (): number => {
  const mb = Number(process.env.IMPORT_IMAGES_MAX_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 50) * 1024 * 1024;
};

/** Why the file's images are too many bytes together, or null. */
export const imageTotalProblem = (
  rows: ReadonlyArray<{ images?: readonly ImportImage[] }>,
): string | null => {
  let total = 0;
  for (const row of rows) for (const image of row.images ?? []) total += base64Bytes(image.data);
  const max = importImagesMaxBytes();
  if (total <= max) return null;
  const mb = (n: number): string => (n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
  return `The file's images add up to ${mb(total)} MB; one import may carry at most ${mb(max)} MB of images. Split the file and import the parts one after the other.`;
};
