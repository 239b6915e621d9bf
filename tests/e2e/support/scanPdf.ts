// A PDF that looks like a learner's scanned script (issue 27's speed figure): one grayscale image
// per page (1240×1754, about 150 dpi A4, ruled lines and strokes of "handwriting"), Flate-encoded,
// with a proper cross-reference table. Built by hand: the browser tests have no PDF library.
import { deflateSync } from 'node:zlib';

const WIDTH = 1240;
const HEIGHT = 1754;

const scan = (seed: number): Buffer => {
  const raw = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) {
    const ruled = y % 48 === 0;
    for (let x = 0; x < WIDTH; x += 1) {
      const ink = !ruled && y % 48 > 12 && y % 48 < 36 && Math.sin(x / 9 + y / 5 + seed) > 0.93;
      raw[y * WIDTH + x] = ruled ? 170 : ink ? 40 : (x * 7 + y * 13 + seed) % 19 === 0 ? 215 : 245;
    }
  }
  return deflateSync(raw, { level: 6 });
};

/** A `pages`-page scanned script as PDF bytes. */
export function scannedScript(pages: number): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`${dict.replace(/>>$/, ` /Length ${data.length} >>`)}\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages' numbers are known
  const kids: number[] = [];
  for (let p = 0; p < pages; p += 1) {
    const image = add(
      stream(
        `<< /Type /XObject /Subtype /Image /Width ${WIDTH} /Height ${HEIGHT} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>`,
        scan(p),
      ),
    );
    const content = add(stream('<< >>', Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q', 'latin1')));
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R /Resources << /XObject << /Im0 ${image} 0 R >> >> >>`,
      ),
    );
  }
  objects[1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`,
    'latin1',
  );
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
