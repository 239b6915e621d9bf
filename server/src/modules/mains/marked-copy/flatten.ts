// The marked copy (issue 27): the learner's answer documents, in script order, with the faculty
// member's annotations drawn on them by pdf-lib, as one new PDF. A PDF's pages are copied (the
// original file is only read, never changed); a photo becomes a page of its own. Items are placed
// by their shares (0..1) of the unrotated page's visible box (the CropBox, as PDF.js shows it).
// Runs in a worker thread (pdf-entry.ts): it is pure CPU and touches no database.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { AnnotationItem } from '../annotation-items';
import { addPhotoPage } from './photo-pages';

export interface FlattenDocument {
  mime: string;
  bytes: Uint8Array;
  /** Page number (1-based) → that page's items. */
  pages: Array<{ page: number; items: AnnotationItem[] }>;
}

const STAMP = 0.04;

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

/**
 * The standard fonts write WinAnsi only (no @pdf-lib/fontkit to embed a Unicode font): each
 * character they cannot write becomes a visible "?" rather than failing the copy; the annotation
 * keeps the full text, which the browser shows (docs/decisions.md, "Unicode in comments").
 */
const charsets = new WeakMap<PDFFont, Set<number>>();
const writable = (font: PDFFont, text: string): string => {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  const known = set;
  return Array.from(text.replace(/\s+/g, ' '), (ch) =>
    known.has(ch.codePointAt(0) ?? -1) ? ch : '?',
  ).join('');
};

const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).map((w) => writable(font, w))) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.slice(0, 20);
};

const drawItem = (page: PDFPage, item: AnnotationItem, fonts: [PDFFont, PDFFont]): void => {
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
      const size = 9;
      const lines = wrap(item.text ?? '', fonts[0], size, Math.min(220, box.width - px - 8));
      const width = Math.max(...lines.map((l) => fonts[0].widthOfTextAtSize(l, size)), 20) + 8;
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
        page.drawText(line, {
          x: X + 4,
          y: Y - 4 - (i + 1) * (size + 2) + 2,
          size,
          font: fonts[0],
          color,
        });
      });
      return;
    }
    case 'mark': {
      const r = Math.max(s / 1.6, 12);
      page.drawCircle({ x: X, y: Y, size: r, borderColor: color, borderWidth: 2 });
      const text = writable(fonts[1], String(item.marks ?? ''));
      const size = 12;
      page.drawText(text, {
        x: X - fonts[1].widthOfTextAtSize(text, size) / 2,
        y: Y - size / 2 + 2,
        size,
        font: fonts[1],
        color,
      });
      if (item.text) {
        page.drawText(writable(fonts[0], item.text).slice(0, 80), {
          x: X + r + 4,
          y: Y - 4,
          size: 9,
          font: fonts[0],
          color,
        });
      }
      return;
    }
  }
};

/** One PDF: every document's pages (photos as pages) with their annotations drawn on. */
export const flattenCopy = async (documents: FlattenDocument[]): Promise<Uint8Array> => {
  const out = await PDFDocument.create();
  const fonts: [PDFFont, PDFFont] = [
    await out.embedFont(StandardFonts.Helvetica),
    await out.embedFont(StandardFonts.HelveticaBold),
  ];
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
      for (const item of items) drawItem(target, item, fonts);
    }
  }
  out.setTitle('Marked copy');
  out.setProducer('Portal (pdf-lib)');
  return out.save();
};
