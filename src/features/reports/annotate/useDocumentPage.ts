// One page of one answer document, ready to show (issue 27): a PDF is opened with PDF.js (loaded on
// first use) and the asked page fetched; a photo (JPEG/PNG) is one page of its natural size. Only
// the page on screen is drawn, so a long script opens at its first page at once. A document is
// opened once per file: the script's refetches (new signed URLs) do not reopen it.
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { openPdf, pageSize } from './pdfDocument';

export interface DocumentSource {
  fileId: number;
  url: string;
  kind: 'pdf' | 'image';
}

export interface ShownPage {
  pageCount: number;
  pdfPage: PDFPageProxy | null;
  imageUrl: string | null;
  size: { width: number; height: number } | null;
  error: string | null;
}

interface Shown extends ShownPage {
  /** What it shows: a page of another file or another number is not shown. */
  fileId: number | null;
  page: number;
}

const NOTHING: ShownPage = { pageCount: 0, pdfPage: null, imageUrl: null, size: null, error: null };

export function useDocumentPage(source: DocumentSource | null, page: number): ShownPage {
  const fileId = source?.fileId ?? null;
  const kind = source?.kind ?? null;
  const url = source?.url ?? null;
  const urlRef = useRef(url);
  const [pdf, setPdf] = useState<{ fileId: number; doc: PDFDocumentProxy } | null>(null);
  const [shown, setShownFor] = useState<Shown>({ ...NOTHING, fileId: null, page: 0 });

  useEffect(() => {
    urlRef.current = url;
  }, [url]);

  useEffect(() => {
    const address = urlRef.current;
    if (fileId === null || kind === null || address === null) return undefined;
    const setShown = (value: ShownPage) => setShownFor({ ...value, fileId, page: 1 });
    let live = true;
    if (kind === 'image') {
      const image = new Image();
      image.onload = () => {
        if (!live) return;
        // Shown at most 800 px wide at zoom 1, whatever the photo's resolution.
        const ratio = Math.min(1, 800 / (image.naturalWidth || 800));
        setShown({
          ...NOTHING,
          pageCount: 1,
          imageUrl: address,
          size: { width: image.naturalWidth * ratio, height: image.naturalHeight * ratio },
        });
      };
      image.onerror = () =>
        live && setShown({ ...NOTHING, error: 'The photo could not be shown.' });
      image.src = address;
      return () => {
        live = false;
      };
    }
    let opened: PDFDocumentProxy | null = null;
    openPdf(address)
      .then((doc) => {
        opened = doc;
        if (live) setPdf({ fileId, doc });
        else void doc.destroy();
      })
      .catch(() => live && setShown({ ...NOTHING, error: 'The PDF could not be opened.' }));
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [fileId, kind]);

  useEffect(() => {
    if (!pdf || pdf.fileId !== fileId) return undefined;
    let live = true;
    const number = Math.min(Math.max(page, 1), pdf.doc.numPages);
    pdf.doc
      .getPage(number)
      .then((pdfPage) => {
        if (!live) return;
        setShownFor({
          ...NOTHING,
          pageCount: pdf.doc.numPages,
          pdfPage,
          size: pageSize(pdfPage),
          fileId: pdf.fileId,
          page,
        });
      })
      .catch(
        () =>
          live &&
          setShownFor({
            ...NOTHING,
            error: 'The page could not be shown.',
            fileId: pdf.fileId,
            page,
          }),
      );
    return () => {
      live = false;
    };
  }, [pdf, page, fileId]);

  if (fileId === null || shown.fileId !== fileId) return NOTHING;
  if (kind === 'pdf' && shown.page !== page && !shown.error) return NOTHING;
  return shown;
}
