// One page of an answer document with its annotations (issue 27): the page (a PDF page drawn by
// PDF.js on a canvas, or a photo) and an SVG layer over it, turned and zoomed together. The layer
// takes the pointer: a click places a tick, cross, comment or mark; a drag underlines or
// highlights; a freehand stroke draws. From the keyboard, Enter on the focused page places the
// chosen tool in its middle. Items are stored in shares of the unrotated page (pageGeometry.ts).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import type { PDFPageProxy } from 'pdfjs-dist';
import type { AnnotationItem, AnnotationKind } from './annotateTypes';
import { AnnotationShapes } from './AnnotationLayer';
import { drawPage } from './pdfDocument';
import {
  addPoint,
  CLICK_TOOLS,
  clickItem,
  dragItem,
  newItemId,
  toPagePoint,
  type Rotation,
} from './pageGeometry';

export interface AnnotatedPageProps {
  pdfPage: PDFPageProxy | null;
  imageUrl: string | null;
  /** The page at scale 1, unrotated (CSS pixels). */
  size: { width: number; height: number };
  scale: number;
  rotation: Rotation;
  items: AnnotationItem[];
  tool: AnnotationKind;
  text: string;
  marks: number | null;
  readOnly: boolean;
  label: string;
  pointsPerStroke: number;
  onAdd: (item: AnnotationItem) => void;
  /** A click tool lacks its text or mark. */
  onMissing: (tool: AnnotationKind) => void;
}

type Draft = { start: [number, number]; points: Array<[number, number]>; moved: boolean };

export function AnnotatedPage(props: AnnotatedPageProps) {
  const { pdfPage, imageUrl, size, scale, rotation, items, tool, readOnly } = props;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const pageRef = useRef<HTMLDivElement | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const width = size.width * scale;
  const height = size.height * scale;
  const turned = rotation === 90 || rotation === 270;

  useEffect(() => {
    if (!pdfPage || !canvasRef.current) return undefined;
    const task = drawPage(pdfPage, canvasRef.current, scale);
    task.promise.catch(() => undefined);
    return () => task.cancel();
  }, [pdfPage, scale]);

  const pointOf = (event: PointerEvent<SVGSVGElement>): [number, number] => {
    const box = pageRef.current?.getBoundingClientRect() ?? {
      left: 0,
      top: 0,
      width: turned ? height : width,
      height: turned ? width : height,
    };
    return toPagePoint(event.clientX, event.clientY, box, rotation);
  };

  const place = (x: number, y: number) => {
    const item = clickItem(tool, x, y, { text: props.text, marks: props.marks });
    if (item) props.onAdd(item);
    else props.onMissing(tool);
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (readOnly || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = pointOf(event);
    setDraft({ start: p, points: [p], moved: false });
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const p = pointOf(event);
    setDraft({
      start: draft.start,
      points: tool === 'draw' ? addPoint(draft.points, p, props.pointsPerStroke) : [draft.start, p],
      moved: draft.moved || Math.hypot(p[0] - draft.start[0], p[1] - draft.start[1]) > 0.004,
    });
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const end = pointOf(event);
    setDraft(null);
    if (tool === 'draw') {
      const points = addPoint(draft.points, end, props.pointsPerStroke);
      const first = points[0];
      if (first && points.length >= 2) {
        props.onAdd({ id: newItemId(), kind: 'draw', x: first[0], y: first[1], points });
      }
      return;
    }
    if (CLICK_TOOLS.includes(tool)) {
      if (!draft.moved) place(end[0], end[1]);
      return;
    }
    const item = dragItem(tool, draft.start, end);
    if (item) props.onAdd(item);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (readOnly || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    if (tool !== 'draw') place(0.5, 0.5);
  };

  const preview: AnnotationItem | null = !draft
    ? null
    : tool === 'draw'
      ? { id: 'draft', kind: 'draw', x: 0, y: 0, points: draft.points }
      : CLICK_TOOLS.includes(tool)
        ? null
        : dragItem(tool, draft.start, draft.points[draft.points.length - 1] ?? draft.start);

  return (
    <Box
      sx={{
        position: 'relative',
        width: turned ? height : width,
        height: turned ? width : height,
        mx: 'auto',
        flex: 'none',
      }}
    >
      <Box
        ref={pageRef}
        sx={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width,
          height,
          transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
          boxShadow: 2,
          bgcolor: 'common.white',
        }}
      >
        {pdfPage ? (
          <canvas ref={canvasRef} style={{ width: '100%', height: '100%', display: 'block' }} />
        ) : null}
        {imageUrl ? (
          <img
            src={imageUrl}
            alt=""
            style={{ width: '100%', height: '100%', display: 'block' }}
            draggable={false}
          />
        ) : null}
        <svg
          role="img"
          aria-label={props.label}
          tabIndex={readOnly ? -1 : 0}
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDraft(null)}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            touchAction: readOnly ? 'auto' : 'none',
            cursor: readOnly ? 'default' : 'crosshair',
          }}
        >
          <AnnotationShapes items={items} width={size.width} height={size.height} />
          {preview ? (
            <AnnotationShapes items={[preview]} width={size.width} height={size.height} />
          ) : null}
        </svg>
      </Box>
    </Box>
  );
}
