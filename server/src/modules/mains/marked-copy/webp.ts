// WebP photos as JPEG, so they can be PDF pages (issue 27): pdf-lib reads only JPEG and PNG, and
// phones (Android's camera apps, WhatsApp saves) often give WebP. The decoder is sharp (libvips),
// which the upload plugin already ships and loads at boot: it is taken from the plugin's own
// dependencies (not a dependency of ours to drift from the plugin's version), on the PDF worker
// thread. JPEG, not PNG: a phone photo re-encoded as PNG is 5–10 times larger, which would push a
// 20-photo upload past the upload size limit; quality 92 keeps handwriting as sharp as the WebP.
// Why convert rather than refuse: docs/decisions.md, "WebP answer photos".
import { createRequire } from 'node:module';

/** The few calls of sharp used here (sharp is the upload plugin's dependency, not ours). */
interface SharpImage {
  flatten(options: { background: string }): SharpImage;
  jpeg(options: { quality: number; mozjpeg?: boolean }): SharpImage;
  toBuffer(): Promise<Buffer>;
}
type Sharp = (
  input: Uint8Array,
  options: { limitInputPixels: number; failOn: 'error' | 'warning' },
) => SharpImage;

/** A 48-megapixel phone photo decodes; anything larger (a decompression bomb) is refused. */
export const MAX_WEBP_PIXELS = 50_000_000;

let loaded: Sharp | undefined;

/**
 * sharp as the upload plugin resolves it. The main thread loads it too before the PDF worker
 * starts (pdf-job.ts): on glibc Linux a native library first loaded by a worker thread may be
 * unloaded while still in use (sharp's documentation on worker threads).
 */
export const loadSharp = (): Sharp => {
  loaded ??= createRequire(require.resolve('@strapi/upload/strapi-server'))('sharp') as Sharp;
  return loaded;
};

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * The WebP image as a JPEG (transparency on white); throws when it cannot be decoded. Only a
 * RIFF/WEBP file reaches sharp, which would otherwise read any format it knows (SVG, TIFF…).
 */
export const webpToJpeg = async (bytes: Uint8Array): Promise<Uint8Array> => {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP') {
    throw new Error('Not a WebP image.');
  }
  return loadSharp()(bytes, { limitInputPixels: MAX_WEBP_PIXELS, failOn: 'error' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92 })
    .toBuffer();
};
