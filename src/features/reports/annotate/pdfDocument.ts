// PDF.js for the annotation workspace only (issue 27): the library and its worker are loaded by a
// dynamic import the first time a PDF is opened here, so no other screen downloads them. The worker
// is Vite's `?url` of the minified worker (one file, served with the app).
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let loading: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return loading;
}

/** Opens a PDF by its URL (the private file's signed URL, same origin). */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({ url }).promise;
}

/** The page's size at scale 1 (CSS pixels, unrotated). */
export function pageSize(page: PDFPageProxy): { width: number; height: number } {
  const viewport = page.getViewport({ scale: 1, rotation: 0 });
  return { width: viewport.width, height: viewport.height };
}

/** Draws the page on the canvas at `scale` (sharp on high-density screens). */
export function drawPage(page: PDFPageProxy, canvas: HTMLCanvasElement, scale: number): RenderTask {
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio, rotation: 0 });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  return page.render({ canvas, viewport });
}
