// Photos as PDF pages, the one way the server turns a JPEG, PNG or WebP into a page: the marked copy
// (flatten.ts) places a learner's photo on a page of its own, and a learner's upload of photos
// for a question is joined into one PDF of those pages (answer-documents.ts, issue 27). Both run
// in the PDF worker thread (pdf-entry.ts). A JPEG's bytes are embedded as they are (no loss, no
// re-encoding); a PNG's pixels are kept losslessly; a WebP (which pdf-lib cannot read) is
// converted to a JPEG first (webp.ts).
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { webpToJpeg } from './webp';

/** A photo page is as wide as an A4 page (points); its height follows the photo. */
export const PHOTO_WIDTH = 595;

/** The photo types that become pages (WebP through a JPEG). */
export const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export interface Photo {
  mime: string;
  bytes: Uint8Array;
}

/** Adds the photo to `out` as a page of its own; throws when the image cannot be read. */
export const addPhotoPage = async (out: PDFDocument, photo: Photo): Promise<PDFPage> => {
  const image =
    photo.mime === 'image/png'
      ? await out.embedPng(photo.bytes)
      : await out.embedJpg(
          photo.mime === 'image/webp' ? await webpToJpeg(photo.bytes) : photo.bytes,
        );
  if (!(image.width > 0 && image.height > 0)) throw new Error('The image has no size.');
  const height = (image.height / image.width) * PHOTO_WIDTH;
  const page = out.addPage([PHOTO_WIDTH, height]);
  page.drawImage(image, { x: 0, y: 0, width: PHOTO_WIDTH, height });
  return page;
};

/** One PDF with one page per photo, in the order given. */
export const joinPhotos = async (photos: Photo[]): Promise<Uint8Array> => {
  const out = await PDFDocument.create();
  for (const photo of photos) await addPhotoPage(out, photo);
  out.setTitle('Answer (photos)');
  out.setProducer('Portal (pdf-lib)');
  return out.save();
};
