// The marked copy (issue 27): the learner's answer documents, in script order, with the faculty
// member's annotations drawn on them by pdf-lib, as one new PDF. A PDF's pages are copied (the
// original file is only read, never changed); a photo becomes a page of its own. Items are placed
// by their shares (0..1) of the unrotated page's visible box (the CropBox, as PDF.js shows it).
// Runs in a worker thread (pdf-entry.ts): it is pure CPU and touches no database.
import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import type { AnnotationItem } from '../annotation-items';
import { typefaces, type Typeface } from './fonts';
import { addPhotoPage } from './photo-pages';

export interface FlattenDocument {
  mime: string;
  bytes: Uint8Array;
  /** Page number (1-based) → that page's items. */
  pages: Array<{ page: number; items: AnnotationItem[] }>;
}

const STAMP = 0.04;

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const colorOf = (hex: string): RGB => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

const COLORS: Record<AnnotationItem['kind'], string> = {
  tick: '#2e7d32',
  cross: '#d32f2f',
  underline: '#d32f2f',
  highlight: '#fbc02d',
  draw: '#d32f2f',
  comment: '#1565c0',
  mark: '#c62828',
};

const wrap = (text: string, face: Typeface, size: number, width: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).map((w) => face.writable(w))) {
    const next = line ? `${line} ${word}` : word;
    if (line && face.widthOf(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.slice(0, 20);
};

interface Faces {
  regular: Typeface;
  bold: Typeface;
}

const drawItem = (page: PDFPage, item: AnnotationItem, faces?: Faces): void => {
  const box = page.getCropBox();
  const color = colorOf(item.color ?? COLORS[item.kind]);
  // SVG paths are drawn from the box's top-left corner with y going down (pdf-lib's convention).
  const svg = { x: box.x, y: box.y + box.height, borderColor: color, borderWidth: 2.5 };
  const px = item.x * box.width;
  const py = item.y * box.height;
  const X = box.x + px;
  const Y = box.y + box.height - py;
  const s = (item.w ?? STAMP) * box.width;
  switch (item.kind) {
    case 'tick':
      page.drawSvgPath(
        `M ${px - s / 2} ${py} L ${px - s / 6} ${py + s / 2.5} L ${px + s / 2} ${py - s / 2}`,
        { ...svg, borderWidth: 3 },
      );
      return;
    case 'cross':
      page.drawSvgPath(
        `M ${px - s / 2} ${py - s / 2} L ${px + s / 2} ${py + s / 2} M ${px + s / 2} ${py - s / 2} L ${px - s / 2} ${py + s / 2}`,
        { ...svg, borderWidth: 3 },
      );
      return;
    case 'underline':
      page.drawLine({
        start: { x: X, y: Y },
        end: { x: X + (item.w ?? 0) * box.width, y: Y },
        thickness: 2,
        color,
      });
      return;
    case 'highlight': {
      const h = (item.h ?? 0) * box.height;
      page.drawRectangle({
        x: X,
        y: Y - h,
        width: (item.w ?? 0) * box.width,
        height: h,
        color,
        opacity: 0.35,
      });
      return;
    }
    case 'draw': {
      const points = item.points ?? [];
      if (points.length < 2) return;
      const path = points
        .map(([u, v], i) => `${i === 0 ? 'M' : 'L'} ${u * box.width} ${v * box.height}`)
        .join(' ');
      page.drawSvgPath(path, svg);
      return;
    }
    case 'comment': {
      if (!faces) return;
      const size = 9;
      const lines = wrap(item.text ?? '', faces.regular, size, Math.min(220, box.width - px - 8));
      const width = Math.max(...lines.map((l) => faces.regular.widthOf(l, size)), 20) + 8;
      const height = lines.length * (size + 2) + 6;
      page.drawRectangle({
        x: X,
        y: Y - height,
        width,
        height,
        color: rgb(0.89, 0.95, 0.99),
        borderColor: color,
        borderWidth: 0.8,
        opacity: 0.92,
      });
      lines.forEach((line, i) => {
        faces.regular.draw(page, line, {
          x: X + 4,
          y: Y - 4 - (i + 1) * (size + 2) + 2,
          size,
          color,
        });
      });
      return;
    }
    case 'mark': {
      if (!faces) return;
      const r = Math.max(s / 1.6, 12);
      page.drawCircle({ x: X, y: Y, size: r, borderColor: color, borderWidth: 2 });
      const text = faces.bold.writable(String(item.marks ?? ''));
      const size = 12;
      const x = X - faces.bold.widthOf(text, size) / 2;
      faces.bold.draw(page, text, { x, y: Y - size / 2 + 2, size, color });
      if (item.text) {
        // At most 80 characters as a reader counts them (a Hindi syllable is not cut).
        const note = Array.from(GRAPHEMES.segment(faces.regular.writable(item.text)))
          .slice(0, 80)
          .map((g) => g.segment)
          .join('');
        faces.regular.draw(page, note, { x: X + r + 4, y: Y - 4, size: 9, color });
      }
      return;
    }
  }
};

/** One PDF: every document's pages (photos as pages) with their annotations drawn on. */
export const flattenCopy = async (documents: FlattenDocument[]): Promise<Uint8Array> => {
  const out = await PDFDocument.create();
  const typed = documents.some((d) =>
    d.pages.some((p) => p.items.some((i) => i.kind === 'comment' || i.kind === 'mark')),
  );
  // A copy with no typed text never loads the fonts (fontkit alone takes ~0.3 s to load).
  const faces = typed ? await typefaces(out) : undefined;
  for (const doc of documents) {
    let pages: PDFPage[];
    if (doc.mime === 'application/pdf') {
      const source = await PDFDocument.load(doc.bytes, { ignoreEncryption: true });
      pages = await out.copyPages(source, source.getPageIndices());
      pages.forEach((p) => out.addPage(p));
    } else {
      pages = [await addPhotoPage(out, doc)];
    }
    for (const { page, items } of doc.pages) {
      const target = pages[page - 1];
      if (!target) continue;
      for (const item of items) {
        // The subsets a text needs are embedded first (pdf-lib's embedding is asynchronous).
        if (faces && (item.kind === 'comment' || item.kind === 'mark'))
          await faces.regular.load(item.text ?? '');
        if (faces && item.kind === 'mark') await faces.bold.load(String(item.marks ?? ''));
        drawItem(target, item, faces);
      }
    }
  }
  out.setTitle('Marked copy');
  out.setProducer('Portal (pdf-lib)');
  return out.save();
};
