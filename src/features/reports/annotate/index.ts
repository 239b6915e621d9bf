// The annotation workspace (issue 27): the script page shows it to the staff who may mark.
export { AnnotateSection } from './AnnotateSection';
export { loadPdfJs as preloadPdfViewer } from './pdfDocument';
