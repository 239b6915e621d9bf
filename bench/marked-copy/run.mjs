#!/usr/bin/env node
// The marked copy (issue 27): flattening a 20-page script's annotations with pdf-lib, the way the
// server does it on completion (server/src/modules/mains/marked-copy). The script is a PDF of
// scanned pages (a 1240×1754 grayscale PNG per page, about 150 dpi A4, as a phone scan gives),
// annotated on every page (10 ticks, 2 crosses, 2 underlines, a highlight, 2 freehand strokes of
// 300 points, 3 comments, a stamped mark). Prints the time in the main thread and through the
// worker pool, and the main thread's longest event-loop stall while the worker runs (the server
// keeps answering). `--mixed 1` writes the comments with maths signs and Hindi, so the fallback
// fonts (Noto Sans Math, Noto Sans Devanagari with its shaping) are embedded too. Run after
// compiling the server:
//
//   node server/scripts/compile.mjs && node bench/marked-copy/run.mjs [--pages 20] [--runs 3] [--mixed 1]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { serverDir } from '../../server/tests/helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { PDFDocument } = require('pdf-lib');
const dist = join(serverDir, 'dist/src');
const { flattenCopy } = require(join(dist, 'modules/mains/marked-copy/flatten.js'));
const { createPool } = require(join(dist, 'platform/sheets/worker-pool.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const PAGES = option('pages', 20);
const RUNS = option('runs', 3);
const MIXED = option('mixed', 0) === 1;

// A CRC-32 for the PNG chunks.
const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (buf) => {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/** A grayscale "handwritten page": ruled lines and pseudo-random strokes, some noise. */
const scanPng = (seed, width = 1240, height = 1754) => {
  const raw = Buffer.alloc((width + 1) * height);
  let s = seed * 7919 + 1;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < height; y += 1) {
    const row = y * (width + 1);
    raw[row] = 0;
    const ruled = y % 48 === 0;
    for (let x = 0; x < width; x += 1) {
      const ink = !ruled && y % 48 > 12 && y % 48 < 36 && Math.sin(x / 9 + y / 5 + seed) > 0.93;
      raw[row + 1 + x] = ruled ? 170 : ink ? 40 : rand() < 0.05 ? 215 : 245;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const makeScript = async () => {
  const doc = await PDFDocument.create();
  for (let p = 0; p < PAGES; p += 1) {
    const image = await doc.embedPng(scanPng(p));
    const page = doc.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return doc.save();
};

const itemsOf = (p) => {
  const items = [];
  for (let i = 0; i < 10; i += 1)
    items.push({ id: `t${i}`, kind: 'tick', x: 0.9, y: 0.05 + i * 0.09, w: 0.04 });
  items.push(
    { id: 'x1', kind: 'cross', x: 0.85, y: 0.3, w: 0.04 },
    { id: 'x2', kind: 'cross', x: 0.85, y: 0.6 },
  );
  items.push(
    { id: 'u1', kind: 'underline', x: 0.1, y: 0.2, w: 0.5 },
    { id: 'u2', kind: 'underline', x: 0.2, y: 0.4, w: 0.3 },
  );
  items.push({ id: 'h1', kind: 'highlight', x: 0.1, y: 0.5, w: 0.6, h: 0.04 });
  for (const k of [1, 2]) {
    const points = Array.from({ length: 300 }, (_, i) => [
      0.1 + (i / 300) * 0.7,
      0.7 + k * 0.05 + 0.02 * Math.sin(i / 6),
    ]);
    items.push({ id: `d${k}`, kind: 'draw', x: points[0][0], y: points[0][1], points });
  }
  for (const k of [1, 2, 3]) {
    items.push({
      id: `c${k}`,
      kind: 'comment',
      x: 0.55,
      y: 0.1 + k * 0.2,
      text: MIXED
        ? `Page ${p + 1}: ∫ f dx ≤ 1 ✓ √2 ≠ ∞ — सही उत्तर, लेकिन अनुच्छेद का उल्लेख करें और हाल के निर्णय से उदाहरण दें (${k}).`
        : `Page ${p + 1}: good point, but cite the article and add an example from a recent judgment (${k}).`,
    });
  }
  items.push({ id: 'm1', kind: 'mark', x: 0.92, y: 0.95, marks: 4.5, text: 'Q total' });
  return items;
};

const main = async () => {
  const bytes = await makeScript();
  const job = () => [
    {
      mime: 'application/pdf',
      bytes: new Uint8Array(bytes),
      pages: Array.from({ length: PAGES }, (_, p) => ({ page: p + 1, items: itemsOf(p) })),
    },
  ];
  console.log(
    `script: ${PAGES} scanned pages, ${(bytes.length / 1e6).toFixed(1)} MB, ${itemsOf(0).length} annotations per page${MIXED ? ' (comments with maths signs and Hindi)' : ''}`,
  );
  const direct = [];
  let size = 0;
  for (let r = 0; r < RUNS; r += 1) {
    const t = performance.now();
    size = (await flattenCopy(job())).byteLength;
    direct.push(performance.now() - t);
  }
  const pool = createPool({
    entry: join(dist, 'modules/mains/marked-copy/pdf-entry.js'),
    workers: 1,
    queue: 4,
    timeoutMs: 60_000,
    memoryMb: 768,
  });
  const worker = [];
  let stall = 0;
  for (let r = 0; r < RUNS; r += 1) {
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last - 10);
      last = now;
    }, 10);
    const t = performance.now();
    const documents = job();
    const reply = await pool.run(
      { kind: 'flatten', documents },
      documents.map((d) => d.bytes.buffer),
    );
    worker.push(performance.now() - t);
    clearInterval(tick);
    if (!reply.ok) throw new Error(reply.message);
  }
  const fmt = (list) => list.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ');
  console.log(`marked copy: ${(size / 1e6).toFixed(1)} MB`);
  console.log(`flatten in the main thread: ${fmt(direct)}`);
  console.log(`flatten on the worker thread (as the server does): ${fmt(worker)}`);
  console.log(`longest main-thread stall while the worker ran: ${stall.toFixed(0)} ms`);
};

await main();
