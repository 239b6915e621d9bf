// The annotation tools (issue 27): labelled buttons, reachable with the keyboard (a toggle group:
// Tab to it, arrows or Tab between tools, Space/Enter to choose), the text of a comment and the
// mark to stamp, zoom, rotate, undo and the save status (announced politely). Wraps on a phone.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  ANNOTATION_TOOLS,
  SAVE_STATUS_TEXT,
  type AnnotationKind,
  type SaveStatus,
} from './annotateTypes';
import { TOOL_COLORS } from './AnnotationLayer';

export const TOOL_LABELS: Record<AnnotationKind, string> = {
  tick: '✓ Tick',
  cross: '✗ Cross',
  underline: 'Underline',
  highlight: 'Highlight',
  draw: 'Draw',
  comment: 'Comment',
  mark: 'Stamp mark',
};

export interface ToolbarProps {
  tool: AnnotationKind;
  onTool: (tool: AnnotationKind) => void;
  text: string;
  onText: (text: string) => void;
  marks: string;
  onMarks: (marks: string) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  onRotate: () => void;
  onUndo: (() => void) | null;
  status: SaveStatus;
  refusal: string | null;
  readOnly: boolean;
}

const STATUS_COLOR: Record<SaveStatus, 'success' | 'info' | 'warning' | 'error'> = {
  saved: 'success',
  saving: 'info',
  offline: 'warning',
  refused: 'error',
};

export function AnnotationToolbar(props: ToolbarProps) {
  const { tool, readOnly } = props;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      {readOnly ? null : (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={tool}
          onChange={(_e, value: AnnotationKind | null) => value && props.onTool(value)}
          aria-label="Annotation tool"
          sx={{ flexWrap: 'wrap' }}
        >
          {ANNOTATION_TOOLS.map((kind) => (
            <ToggleButton
              key={kind}
              value={kind}
              aria-label={TOOL_LABELS[kind].replace(/^[✓✗] /, '')}
              sx={{ textTransform: 'none', gap: 0.75 }}
            >
              {/* The tool's colour on the page, as a swatch (the label keeps the text's contrast). */}
              <Box
                component="span"
                aria-hidden
                sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: TOOL_COLORS[kind] }}
              />
              {TOOL_LABELS[kind]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {!readOnly && tool === 'comment' ? (
        <TextField
          size="small"
          label="Comment text"
          value={props.text}
          onChange={(e) => props.onText(e.target.value)}
          inputProps={{ maxLength: 1000 }}
          sx={{ minWidth: 200 }}
        />
      ) : null}
      {!readOnly && tool === 'mark' ? (
        <TextField
          size="small"
          label="Mark to stamp"
          type="number"
          value={props.marks}
          onChange={(e) => props.onMarks(e.target.value)}
          inputProps={{ min: 0, step: 0.5 }}
          sx={{ width: 130 }}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          aria-label="Zoom out"
          disabled={props.zoom <= 0.5}
          onClick={() => props.onZoom(Math.max(0.5, props.zoom - 0.25))}
        >
          −
        </Button>
        <Box component="span" sx={{ minWidth: 44, textAlign: 'center' }}>
          {Math.round(props.zoom * 100)}%
        </Box>
        <Button
          size="small"
          variant="outlined"
          aria-label="Zoom in"
          disabled={props.zoom >= 3}
          onClick={() => props.onZoom(Math.min(3, props.zoom + 0.25))}
        >
          +
        </Button>
        <Button size="small" variant="outlined" onClick={props.onRotate}>
          Rotate
        </Button>
        {readOnly ? null : (
          <Button
            size="small"
            variant="outlined"
            disabled={!props.onUndo}
            onClick={() => props.onUndo?.()}
          >
            Undo
          </Button>
        )}
      </Box>
      <Chip
        role="status"
        aria-live="polite"
        size="small"
        color={STATUS_COLOR[props.status]}
        label={
          props.status === 'refused' && props.refusal
            ? `${SAVE_STATUS_TEXT.refused}: ${props.refusal}`
            : SAVE_STATUS_TEXT[props.status]
        }
        sx={{ maxWidth: '100%' }}
      />
    </Box>
  );
}
