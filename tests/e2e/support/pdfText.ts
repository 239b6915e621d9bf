// The text of each page of a PDF, read with PDF.js (the viewer the SPA uses) in Node: a journey
// checks that what a faculty member typed is really in a flattened marked copy. PDF.js reads text
// drawn with a standard font and with an embedded one (through its ToUnicode map) alike, so the
// check does not depend on how the copy writes its comments.
import path from 'node:path';

export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = path.resolve('node_modules/pdfjs-dist/standard_fonts') + path.sep;
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: fonts,
  }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return texts;
}
