// One page of one answer document, ready to show (issue 27): a PDF is opened with PDF.js (loaded on
// first use) and the asked page fetched; a photo (JPEG/PNG) is one page of its natural size. Only
// the page on screen is drawn, so a long script opens at its first page at once.
import { useEffect, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { openPdf, pageSize } from './pdfDocument';

export interface DocumentSource {
  fileId: number;
  url: string;
  kind: 'pdf' | 'image';
}

interface Shown extends ShownPage {
  /** What it shows: a page of another document or another number is not shown. */
  source: DocumentSource | null;
  page: number;
}

export interface ShownPage {
  pageCount: number;
  pdfPage: PDFPageProxy | null;
  imageUrl: string | null;
  size: { width: number; height: number } | null;
  error: string | null;
}

const NOTHING: ShownPage = { pageCount: 0, pdfPage: null, imageUrl: null, size: null, error: null };

export function useDocumentPage(source: DocumentSource | null, page: number): ShownPage {
  const [pdf, setPdf] = useState<{ fileId: number; doc: PDFDocumentProxy } | null>(null);
  const [shown, setShownFor] = useState<Shown>({ ...NOTHING, source: null, page: 0 });

  useEffect(() => {
    if (!source) return undefined;
    const setShown = (value: ShownPage) => setShownFor({ ...value, source, page: 1 });
    let live = true;
    if (source.kind === 'image') {
      const image = new Image();
      image.onload = () => {
        if (!live) return;
        // Shown at most 800 px wide at zoom 1, whatever the photo's resolution.
        const ratio = Math.min(1, 800 / (image.naturalWidth || 800));
        setShown({
          ...NOTHING,
          pageCount: 1,
          imageUrl: source.url,
          size: { width: image.naturalWidth * ratio, height: image.naturalHeight * ratio },
        });
      };
      image.onerror = () =>
        live && setShown({ ...NOTHING, error: 'The photo could not be shown.' });
      image.src = source.url;
      return () => {
        live = false;
      };
    }
    let opened: PDFDocumentProxy | null = null;
    openPdf(source.url)
      .then((doc) => {
        opened = doc;
        if (live) setPdf({ fileId: source.fileId, doc });
        else void doc.destroy();
      })
      .catch(() => live && setShown({ ...NOTHING, error: 'The PDF could not be opened.' }));
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [source]);

  useEffect(() => {
    if (!pdf || pdf.fileId !== source?.fileId) return undefined;
    const setShown = (value: ShownPage) => setShownFor({ ...value, source, page });
    let live = true;
    const number = Math.min(Math.max(page, 1), pdf.doc.numPages);
    pdf.doc
      .getPage(number)
      .then((pdfPage) => {
        if (live) {
          setShown({
            ...NOTHING,
            pageCount: pdf.doc.numPages,
            pdfPage,
            size: pageSize(pdfPage),
          });
        }
      })
      .catch(() => live && setShown({ ...NOTHING, error: 'The page could not be shown.' }));
    return () => {
      live = false;
    };
  }, [pdf, page, source]);

  if (!source || shown.source !== source) return NOTHING;
  if (source.kind === 'pdf' && shown.page !== page && !shown.error) return NOTHING;
  return shown;
}
