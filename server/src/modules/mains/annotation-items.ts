// The items a faculty member draws on one page of a learner's answer document (issue 27), checked
// before anything is stored: a known kind, coordinates normalised 0..1 on the unrotated page, and
// limits on counts and lengths so one page cannot grow without bound. Any bad item refuses the
// whole save (400) and nothing changes. What is stored is rebuilt from the checked fields only
// (unknown fields are dropped), so the flattening and the viewer read one known shape.
import { jsonListOf } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';

export const ANNOTATION_KINDS = [
  'tick',
  'cross',
  'underline',
  'highlight',
  'draw',
  'comment',
  'mark',
] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

export const ANNOTATION_LIMITS = {
  itemsPerPage: 500,
  pointsPerStroke: 2000,
  textLength: 1000,
  /** The page items as JSON, in characters (the request's body is bounded by this and a little). */
  pageChars: 300_000,
  /** Pages per document (a page number above this is not a page of an answer document). */
  pages: 1000,
  marksMax: 1000,
} as const;

export interface AnnotationItem {
  id: string;
  kind: AnnotationKind;
  x: number;
  y: number;
  w?: number;
  h?: number;
  points?: Array<[number, number]>;
  text?: string;
  marks?: number;
  color?: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

const bad = (index: number, what: string): HttpError =>
  new HttpError(400, `Annotation ${index + 1}: ${what}`);

const unit = (value: unknown, index: number, name: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw bad(index, `${name} must be a number from 0 to 1 (a share of the page).`);
  }
  return Math.round(value * 1e5) / 1e5;
};

const points = (value: unknown, index: number): Array<[number, number]> => {
  if (!Array.isArray(value) || value.length < 2) {
    throw bad(index, 'a drawing needs points: a list of at least 2 [x, y] pairs.');
  }
  if (value.length > ANNOTATION_LIMITS.pointsPerStroke) {
    throw bad(index, `a drawing has at most ${ANNOTATION_LIMITS.pointsPerStroke} points.`);
  }
  return value.map((p: unknown) => {
    if (!Array.isArray(p) || p.length !== 2) {
      throw bad(index, 'each point is an [x, y] pair.');
    }
    return [unit(p[0], index, 'x'), unit(p[1], index, 'y')];
  });
};

const text = (value: unknown, index: number, required: boolean): string | undefined => {
  if (value === undefined || value === null) {
    if (required) throw bad(index, 'a comment needs its text.');
    return undefined;
  }
  if (typeof value !== 'string') throw bad(index, 'text must be text.');
  const trimmed = value.trim();
  if (trimmed.length > ANNOTATION_LIMITS.textLength) {
    throw bad(index, `text is longer than ${ANNOTATION_LIMITS.textLength} characters.`);
  }
  if (required && trimmed === '') throw bad(index, 'a comment needs its text.');
  return trimmed === '' ? undefined : trimmed;
};

const marksOf = (value: unknown, index: number): number => {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > ANNOTATION_LIMITS.marksMax ||
    !Number.isInteger(value * 100)
  ) {
    throw bad(
      index,
      `a stamped mark is a number from 0 to ${ANNOTATION_LIMITS.marksMax} (at most 2 decimals).`,
    );
  }
  return value;
};

/** One checked item, rebuilt from its known fields. */
const itemOf = (input: unknown, index: number): AnnotationItem => {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw bad(index, 'each annotation is an object.');
  }
  const row = input as Record<string, unknown>;
  if (typeof row.id !== 'string' || !ID.test(row.id)) {
    throw bad(index, 'id must be 1 to 64 letters, digits, "-" or "_".');
  }
  const kind = row.kind;
  if (typeof kind !== 'string' || !(ANNOTATION_KINDS as readonly string[]).includes(kind)) {
    throw bad(index, `kind must be one of ${ANNOTATION_KINDS.join(', ')}.`);
  }
  const item: AnnotationItem = {
    id: row.id,
    kind: kind as AnnotationKind,
    x: unit(row.x, index, 'x'),
    y: unit(row.y, index, 'y'),
  };
  if (row.w !== undefined && row.w !== null) item.w = unit(row.w, index, 'w');
  if (row.h !== undefined && row.h !== null) item.h = unit(row.h, index, 'h');
  if (kind === 'draw') item.points = points(row.points, index);
  else if (row.points !== undefined && row.points !== null) {
    throw bad(index, 'only a drawing has points.');
  }
  if ((kind === 'underline' || kind === 'highlight') && item.w === undefined) {
    throw bad(index, `${kind === 'underline' ? 'an underline' : 'a highlight'} needs its width w.`);
  }
  if (kind === 'highlight' && item.h === undefined) {
    throw bad(index, 'a highlight needs its height h.');
  }
  const t = text(row.text, index, kind === 'comment');
  if (t !== undefined) {
    if (kind !== 'comment' && kind !== 'mark')
      throw bad(index, 'only a comment or a mark has text.');
    item.text = t;
  }
  if (kind === 'mark') item.marks = marksOf(row.marks, index);
  else if (row.marks !== undefined && row.marks !== null) {
    throw bad(index, 'only a stamped mark has marks.');
  }
  if (row.color !== undefined && row.color !== null) {
    if (typeof row.color !== 'string' || !COLOR.test(row.color)) {
      throw bad(index, 'color must be like #d32f2f.');
    }
    item.color = row.color.toLowerCase();
  }
  return item;
};

/** The page's items, checked (400 on the first bad one; nothing is stored then). */
export const checkItems = (input: unknown): AnnotationItem[] => {
  if (!Array.isArray(input)) {
    throw new HttpError(
      400,
      'Send items as a list of annotations (an empty list clears the page).',
    );
  }
  if (input.length > ANNOTATION_LIMITS.itemsPerPage) {
    throw new HttpError(
      400,
      `A page holds at most ${ANNOTATION_LIMITS.itemsPerPage} annotations; this one has ${input.length}.`,
    );
  }
  const items = input.map(itemOf);
  const ids = new Set<string>();
  items.forEach((item, index) => {
    if (ids.has(item.id)) throw bad(index, `id ${item.id} is used twice on this page.`);
    ids.add(item.id);
  });
  if (JSON.stringify(items).length > ANNOTATION_LIMITS.pageChars) {
    throw new HttpError(400, 'The annotations of this page are too large: draw fewer strokes.');
  }
  return items;
};

/** Stored items, whatever the database hands back (only well-formed ones; never throws). */
export const readItems = (value: unknown): AnnotationItem[] => {
  return jsonListOf(value).flatMap((item: unknown, index) => {
    try {
      return [itemOf(item, index)];
    } catch {
      return [];
    }
  });
};
