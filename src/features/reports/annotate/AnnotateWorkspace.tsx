// The annotation workspace of one evaluation (issue 27): the script's answer documents, one page
// at a time (PDF.js for PDFs, photos as pages), zoom and rotate, the tools, and the save status.
// Annotations are saved as the faculty member works (useAnnotationSaves: IndexedDB first, then
// the server, page by page). Read-only once the evaluation is completed (an administrator
// reopens it) or when the caller may not mark it.
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryErrorMessage } from '../../../store/api';
import { Spinner } from '../../../components/feedback/Spinner';
import { useEvaluationAnnotationsQuery } from './annotateEndpoints';
import { pageKey, type AnnotationItem, type AnnotationKind } from './annotateTypes';
import { AnnotatedPage } from './AnnotatedPage';
import { AnnotationToolbar } from './AnnotationToolbar';
import type { Rotation } from './pageGeometry';
import { useAnnotationSaves } from './useAnnotationSaves';
import { useDocumentPage, type DocumentSource } from './useDocumentPage';

export interface WorkspaceDocument extends DocumentSource {
  label: string;
}

export interface AnnotateWorkspaceProps {
  evaluationId: string;
  documents: WorkspaceDocument[];
  readOnly: boolean;
}

const NO_ITEMS: AnnotationItem[] = [];

export function AnnotateWorkspace({ evaluationId, documents, readOnly }: AnnotateWorkspaceProps) {
  const loaded = useEvaluationAnnotationsQuery(evaluationId, { refetchOnMountOrArgChange: true });
  const saves = useAnnotationSaves(evaluationId, loaded.data);
  const [docIndex, setDocIndex] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [tool, setTool] = useState<AnnotationKind>('tick');
  const [text, setText] = useState('');
  const [marks, setMarks] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const [frameWidth, setFrameWidth] = useState(800);
  const source = documents[docIndex] ?? null;
  const shown = useDocumentPage(source, page);
  // The page shows at once; tools wait for the saved annotations (then nothing is drawn twice).
  const locked = readOnly || !loaded.data || loaded.data.completed;

  // The page fits the frame's width at 100 % (a phone's too); measured once the frame is shown.
  const framed = !loaded.error && documents.length > 0;
  useEffect(() => {
    const frame = frameRef.current;
    if (!framed || !frame) return undefined;
    const measure = () => setFrameWidth(frame.clientWidth || 800);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [framed]);

  const key = source ? pageKey(evaluationId, source.fileId, page) : '';
  const items = saves.pages[key] ?? NO_ITEMS;
  const scale = useMemo(() => {
    if (!shown.size) return 1;
    // Fit the width at 100 % (at most 900 px), then zoom; a turned page fits its height.
    const side = rotation === 90 || rotation === 270 ? shown.size.height : shown.size.width;
    return (Math.min(frameWidth - 16, 900) / side) * zoom;
  }, [shown.size, frameWidth, zoom, rotation]);

  if (documents.length === 0) {
    return (
      <Typography color="text.secondary">The learner uploaded no document to annotate.</Typography>
    );
  }
  if (loaded.error) {
    return (
      <Alert severity="error">
        {queryErrorMessage(loaded.error, 'The annotations could not be loaded.')}
      </Alert>
    );
  }

  const add = (item: AnnotationItem) => {
    if (!source) return;
    setHint(null);
    saves.change(source.fileId, page, [...items, item]);
  };
  const undo =
    items.length > 0 && source ? () => saves.change(source.fileId, page, items.slice(0, -1)) : null;
  const marksValue = marks.trim() === '' ? null : Number(marks);
  const pageCount = shown.pageCount;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          size="small"
          label="Document"
          value={docIndex}
          onChange={(e) => {
            setDocIndex(Number(e.target.value));
            setPage(1);
          }}
          sx={{ minWidth: 220 }}
        >
          {documents.map((d, i) => (
            <MenuItem key={d.fileId} value={i}>
              {d.label}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </Button>
        <Typography variant="body2" aria-live="polite">
          Page {page} of {pageCount || '…'}
        </Typography>
        <Button
          size="small"
          disabled={pageCount === 0 || page >= pageCount}
          onClick={() => setPage(page + 1)}
        >
          Next page
        </Button>
      </Box>
      <AnnotationToolbar
        tool={tool}
        onTool={(next) => {
          setTool(next);
          setHint(null);
        }}
        text={text}
        onText={setText}
        marks={marks}
        onMarks={setMarks}
        zoom={zoom}
        onZoom={setZoom}
        onRotate={() => setRotation(((rotation + 90) % 360) as Rotation)}
        onUndo={locked ? null : undo}
        status={saves.status}
        refusal={saves.refusal}
        readOnly={locked}
      />
      {!loaded.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Loading the annotations…
        </Typography>
      ) : null}
      {loaded.data?.completed && !readOnly ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          This evaluation is completed: its annotations are shown, not changed.
        </Alert>
      ) : null}
      {hint ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {hint}
        </Alert>
      ) : null}
      <Box
        ref={frameRef}
        role="region"
        aria-label="Page view (scrolls)"
        tabIndex={0}
        sx={{ overflow: 'auto', maxHeight: '80vh', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
      >
        {shown.error ? <Alert severity="error">{shown.error}</Alert> : null}
        {!shown.error && !shown.size ? <Spinner label="Opening the page" /> : null}
        {shown.size && source ? (
          <AnnotatedPage
            pdfPage={shown.pdfPage}
            imageUrl={shown.imageUrl}
            size={shown.size}
            scale={scale}
            rotation={rotation}
            items={items}
            tool={tool}
            text={text}
            marks={marksValue !== null && Number.isFinite(marksValue) ? marksValue : null}
            readOnly={locked}
            label={`${source.label}, page ${page}${locked ? '' : `: ${tool} tool, click to place or press Enter for the middle`}`}
            pointsPerStroke={loaded.data?.limits.pointsPerStroke ?? 2000}
            onAdd={add}
            onMissing={(missing) =>
              setHint(
                missing === 'comment'
                  ? 'Type the comment first, then click where it goes.'
                  : 'Enter the mark to stamp first, then click where it goes.',
              )
            }
          />
        ) : null}
      </Box>
    </Paper>
  );
}
