// PDF.js for the annotation workspace only (issue 27): the library and its worker are loaded by a
// dynamic import the first time a PDF is opened here, so no other screen downloads them. The worker
// is Vite's `?url` of the minified worker (one file, served with the app).
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, PDFWorker, RenderTask } from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let loading: Promise<{ pdfjs: PdfJs; worker: PDFWorker }> | null = null;

/**
 * PDF.js and one worker thread for every document of the visit: started as soon as the script
 * page opens (ScriptPage), so the worker's script is loaded and parsed while the script loads.
 */
function load(): Promise<{ pdfjs: PdfJs; worker: PDFWorker }> {
  loading ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, source]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = source.default;
    return { pdfjs, worker: new pdfjs.PDFWorker() };
  });
  return loading;
}

export async function loadPdfJs(): Promise<void> {
  await load();
}

async function open(url: string): Promise<PDFDocumentProxy> {
  const { pdfjs, worker } = await load();
  return pdfjs.getDocument({ url, worker }).promise;
}

/** Documents opened ahead of the page that shows them (a cold open of a script), by URL. */
const early = new Map<string, Promise<PDFDocumentProxy>>();
/** An early document nobody took within this time is closed (the page went elsewhere). */
const EARLY_KEPT_MS = 60_000;

/**
 * Starts opening the PDF, and parsing its first page, before the workspace asks for it: the cold
 * open of a script (earlyOpen.ts) calls it as soon as the script's answer names the document.
 */
export function prefetchPdf(url: string): void {
  if (early.has(url)) return;
  const opening = open(url).then((doc) => {
    void doc.getPage(1).catch(() => undefined);
    return doc;
  });
  early.set(url, opening);
  opening.catch(() => early.delete(url));
  setTimeout(() => {
    if (early.get(url) !== opening) return;
    early.delete(url);
    void opening.then((doc) => doc.destroy()).catch(() => undefined);
  }, EARLY_KEPT_MS);
}

/** Opens a PDF by its URL (the private file's signed URL, same origin); the caller owns it. */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const opening = early.get(url);
  if (opening) {
    early.delete(url);
    return opening.catch(() => open(url));
  }
  return open(url);
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
