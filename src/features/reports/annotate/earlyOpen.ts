// The cold open of a script (issue 27: a 20-page script's first page visible in under 2 s, even
// when the address is typed and the whole app loads first). Without it the requests form a chain:
// the app's chunks, then the reports screen's, then the script (asked by the mounted page), then
// PDF.js, then the PDF. Started by the app as soon as the session is restored (app/routePreload.ts),
// this asks for the script and starts PDF.js at once, in parallel with the screen's chunks, and
// opens the first PDF (with its first page) as soon as the script names it; the script page then
// finds the script in the query cache and the document already open (pdfDocument.ts).
import type { AppDispatch } from '../../../store/store';
import { scriptRequest } from '../../mains';
import { scriptDocuments } from './AnnotateSection';
import { loadPdfJs, prefetchPdf } from './pdfDocument';

/** PDF.js and its worker, started before anything else is known. */
export function startPdfViewer(): void {
  void loadPdfJs().catch(() => undefined);
}

export async function openScriptEarly(
  dispatch: AppDispatch,
  resultId: string,
  isAdmin: boolean,
): Promise<void> {
  void loadPdfJs().catch(() => undefined);
  const answer = await dispatch(scriptRequest(resultId));
  const script = answer.data;
  // Only where the workspace will show it (AnnotateSection): an evaluation the caller may annotate.
  const annotating = script?.evaluations.some(
    (e) => isAdmin || script.canEvaluate.includes(e.subject.documentId),
  );
  if (!script || !annotating) return;
  const first = scriptDocuments(script)[0];
  if (first?.kind === 'pdf') prefetchPdf(first.url);
}
