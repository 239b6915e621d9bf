// Where a pointer is on the unrotated page (issue 27: items are stored in shares 0..1 of the
// unrotated page, whatever the turn and zoom on screen), and the items a click or a key makes.
import type { AnnotationItem, AnnotationKind } from './annotateTypes';
import { STAMP_SIZE } from './AnnotationLayer';

export type Rotation = 0 | 90 | 180 | 270;

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** The pointer's place on the unrotated page, from the turned page's box on screen. */
export function toPagePoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  rotation: Rotation,
): [number, number] {
  const dx = box.width > 0 ? (clientX - box.left) / box.width : 0;
  const dy = box.height > 0 ? (clientY - box.top) / box.height : 0;
  const [u, v] =
    rotation === 90
      ? [dy, 1 - dx]
      : rotation === 180
        ? [1 - dx, 1 - dy]
        : rotation === 270
          ? [1 - dy, dx]
          : [dx, dy];
  return [clamp(u), clamp(v)];
}

let counter = 0;
/** A new item id (unique in this tab and across tabs: time, a counter, randomness). */
export function newItemId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Tools placed by one click (or Enter on the page). */
export const CLICK_TOOLS: readonly AnnotationKind[] = ['tick', 'cross', 'comment', 'mark'];

/** The item a click at (x, y) makes with `tool`; null when it needs what is missing (text, marks). */
export function clickItem(
  tool: AnnotationKind,
  x: number,
  y: number,
  options: { text: string; marks: number | null },
): AnnotationItem | null {
  const id = newItemId();
  if (tool === 'tick' || tool === 'cross') return { id, kind: tool, x, y, w: STAMP_SIZE };
  if (tool === 'comment') {
    const text = options.text.trim();
    return text ? { id, kind: 'comment', x, y, text: text.slice(0, 1000) } : null;
  }
  if (tool === 'mark') {
    return options.marks === null ? null : { id, kind: 'mark', x, y, marks: options.marks };
  }
  // Drag tools placed from the keyboard: a short underline or a band across the middle.
  if (tool === 'underline') return { id, kind: 'underline', x: clamp(x - 0.2), y, w: 0.4 };
  if (tool === 'highlight') {
    return { id, kind: 'highlight', x: clamp(x - 0.2), y: clamp(y - 0.02), w: 0.4, h: 0.04 };
  }
  return null;
}

/** The item a drag from `a` to `b` makes (underline, highlight); null when too small. */
export function dragItem(
  tool: AnnotationKind,
  a: [number, number],
  b: [number, number],
): AnnotationItem | null {
  const x = Math.min(a[0], b[0]);
  const w = Math.abs(b[0] - a[0]);
  if (w < 0.005) return null;
  if (tool === 'underline') return { id: newItemId(), kind: 'underline', x, y: a[1], w };
  if (tool === 'highlight') {
    const h = Math.abs(b[1] - a[1]);
    return {
      id: newItemId(),
      kind: 'highlight',
      x,
      y: Math.min(a[1], b[1]),
      w,
      h: Math.max(h, 0.01),
    };
  }
  return null;
}

/** Adds a point to a stroke if it moved enough (fewer points, same line). */
export function addPoint(
  points: Array<[number, number]>,
  p: [number, number],
  max: number,
): Array<[number, number]> {
  const last = points[points.length - 1];
  if (points.length >= max) return points;
  if (last && Math.hypot(last[0] - p[0], last[1] - p[1]) < 0.002) return points;
  return [...points, [Math.round(p[0] * 1e4) / 1e4, Math.round(p[1] * 1e4) / 1e4]];
}
