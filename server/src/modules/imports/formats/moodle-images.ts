/**
 * Moodle XML's embedded images (issue 26). Moodle writes an image in a text field as
 * `<img src="@@PLUGINFILE@@/name.png">` and carries the file inside the same field as
 * `<file name="name.png" path="/" encoding="base64">…</file>`. Reading: the file is found by its
 * name and checked as an upload is (PNG, JPEG, GIF, WebP by its bytes; at most 2 MB). Writing: a
 * field with stored question images is written as HTML with its files, so Moodle (and our own
 * import) gets the pictures and no link to this portal.
 */
import { QUESTION_IMAGE_SRC } from '../../../platform/files/question-images';
import { htmlToText, imageMark, type ImportImage } from './common';
import { attribute, checkBase64Image, IMG_TAG } from './data-images';
import type { ImageBytes } from './export-types';

type Node = Record<string, unknown>;

export interface TextField {
  text: string;
  format: string;
  /** The `<file>` elements the field carries (Moodle's embedded images). */
  files: Node[];
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const decoded = (name: string): string => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** The carried file `name` (from a `@@PLUGINFILE@@/` source) checked, or why it cannot come. */
export const checkCarriedImage = (
  source: string,
  files: readonly Node[],
): { name: string; data: string } | { reason: string } => {
  const name = decoded(source).split('/').pop() ?? '';
  const file = files.find((f) => str(f['@_name']) === name);
  if (!file) return { reason: `the image ${name} is not carried in the file` };
  if (str(file['@_encoding']).toLowerCase() !== 'base64') {
    return { reason: `the image ${name} is not base64-encoded` };
  }
  const checked = checkBase64Image(name, str(file['#text']));
  return 'reason' in checked ? checked : { name, data: checked.data };
};

const SRC_ATTRIBUTE = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;

/**
 * A field's text with its stored images as `@@PLUGINFILE@@/<name>` and the `<file>` elements to
 * carry them, or null when it has none (written as plain text, as before).
 */
export const withPluginFiles = (
  text: string | null,
  images: ImageBytes,
): { text: string; files: Node[] } | null => {
  if (!text) return null;
  const files: Node[] = [];
  const out = text.replace(SRC_ATTRIBUTE, (whole, open: string, src: string, close: string) => {
    const bytes = QUESTION_IMAGE_SRC.test(src) ? images.get(src) : undefined;
    if (!bytes) return whole;
    const name = src.split('/').pop() ?? 'image';
    if (!files.some((f) => f['@_name'] === name)) {
      files.push({
        '@_name': name,
        '@_path': '/',
        '@_encoding': 'base64',
        '#text': bytes.toString('base64'),
      });
    }
    return `${open}@@PLUGINFILE@@/${encodeURIComponent(name)}${close}`;
  });
  return files.length > 0 ? { text: out, files } : null;
};

/** A text field for the builder: HTML with its files when it has images, else plain text. */
export const imageFilesOut = (text: string | null, images: ImageBytes): Node => {
  const carried = withPluginFiles(text, images);
  return carried
    ? { '@_format': 'html', text: carried.text, file: carried.files }
    : { '@_format': 'plain_text', text: text ?? '' };
};

/**
 * The field's `@@PLUGINFILE@@` images it carries, replaced by marks (their data in `images`);
 * the reason when one cannot come along.
 */
export const carryImages = (
  label: string,
  field: TextField,
  images: ImportImage[],
): { html: string; reason: string | null } => {
  let reason: string | null = null;
  const html = field.text.replace(IMG_TAG, (tag) => {
    const src = attribute(tag, 'src') ?? '';
    if (reason || !src.startsWith('@@PLUGINFILE@@/')) return tag;
    const name = src.slice('@@PLUGINFILE@@/'.length);
    const checked = checkCarriedImage(name, field.files);
    if ('reason' in checked) {
      reason = `${label}: ${checked.reason}`;
      return tag;
    }
    const alt = htmlToText(attribute(tag, 'alt') ?? '').text;
    return imageMark(images.push({ name: checked.name, data: checked.data, alt }) - 1);
  });
  return { html, reason };
};
