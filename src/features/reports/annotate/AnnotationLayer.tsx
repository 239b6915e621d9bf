// Draws a page's annotations (issue 27) as SVG over the page: the viewBox is the unrotated page
// at scale 1, items are placed by their shares (0..1) of it, so the layer turns and zooms with the
// page it lies on. Pure drawing: the interaction is AnnotatedPage's.
import type { AnnotationItem } from './annotateTypes';

export const TOOL_COLORS: Record<AnnotationItem['kind'], string> = {
  tick: '#2e7d32',
  cross: '#d32f2f',
  underline: '#d32f2f',
  highlight: '#fbc02d',
  draw: '#d32f2f',
  comment: '#1565c0',
  mark: '#c62828',
};

/** The side of a tick, cross or stamp when the item names none (a share of the page width). */
export const STAMP_SIZE = 0.04;

/** Splits a comment into lines of at most `width` characters (SVG text does not wrap). */
export function wrapText(text: string, width = 36): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 12);
}

export function ItemShape({
  item,
  width,
  height,
}: {
  item: AnnotationItem;
  width: number;
  height: number;
}) {
  const color = item.color ?? TOOL_COLORS[item.kind];
  const x = item.x * width;
  const y = item.y * height;
  const s = (item.w ?? STAMP_SIZE) * width;
  const stroke = { stroke: color, strokeWidth: 2.5, fill: 'none', strokeLinecap: 'round' as const };
  switch (item.kind) {
    case 'tick':
      return (
        <path
          d={`M ${x - s / 2} ${y} L ${x - s / 6} ${y + s / 2.5} L ${x + s / 2} ${y - s / 2}`}
          {...stroke}
          strokeWidth={3}
        />
      );
    case 'cross':
      return (
        <path
          d={`M ${x - s / 2} ${y - s / 2} L ${x + s / 2} ${y + s / 2} M ${x + s / 2} ${y - s / 2} L ${x - s / 2} ${y + s / 2}`}
          {...stroke}
          strokeWidth={3}
        />
      );
    case 'underline':
      return <line x1={x} y1={y} x2={x + (item.w ?? 0) * width} y2={y} {...stroke} />;
    case 'highlight':
      return (
        <rect
          x={x}
          y={y}
          width={(item.w ?? 0) * width}
          height={(item.h ?? 0) * height}
          fill={color}
          opacity={0.35}
        />
      );
    case 'draw':
      return (
        <polyline
          points={(item.points ?? []).map(([px, py]) => `${px * width},${py * height}`).join(' ')}
          {...stroke}
          strokeLinejoin="round"
        />
      );
    case 'comment': {
      const lines = wrapText(item.text ?? '');
      return (
        <g>
          <rect
            x={x}
            y={y}
            width={Math.max(...lines.map((l) => l.length), 4) * 6.2 + 10}
            height={lines.length * 14 + 8}
            fill="#e3f2fd"
            stroke={color}
            opacity={0.92}
            rx={3}
          />
          <text x={x + 5} y={y + 15} fill={color} fontSize={12} fontFamily="sans-serif">
            {lines.map((l, i) => (
              <tspan key={i} x={x + 5} dy={i === 0 ? 0 : 14}>
                {l}
              </tspan>
            ))}
          </text>
        </g>
      );
    }
    case 'mark':
      return (
        <g>
          <circle cx={x} cy={y} r={Math.max(s / 1.6, 12)} {...stroke} />
          <text
            x={x}
            y={y + 5}
            textAnchor="middle"
            fill={color}
            fontSize={14}
            fontWeight={700}
            fontFamily="sans-serif"
          >
            {item.marks}
          </text>
          {item.text ? (
            <text x={x + Math.max(s / 1.6, 12) + 4} y={y + 5} fill={color} fontSize={12}>
              {item.text}
            </text>
          ) : null}
        </g>
      );
  }
}

export function AnnotationShapes({
  items,
  width,
  height,
}: {
  items: AnnotationItem[];
  width: number;
  height: number;
}) {
  return (
    <>
      {items.map((item) => (
        <g key={item.id} data-kind={item.kind}>
          <ItemShape item={item} width={width} height={height} />
        </g>
      ))}
    </>
  );
}
