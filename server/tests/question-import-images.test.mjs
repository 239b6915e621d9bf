// `data:` images in imported questions (issue 26): a Moodle XML field, a GIFT [html] text and a
// template cell pasted from Word may hold `<img src="data:image/png;base64,…">`. Each is checked
// as an upload (type by its bytes, size, count per question), the preview reports what would be
// stored and stores nothing, the write stores each as a question image served at a qimg_ URL, a
// bad one (SVG, a text called PNG, not base64) skips its question with its line and reason, the
// file's images together are capped (IMPORT_IMAGES_MAX_MB, 1 here), and a write that fails
// removes the images it stored. Learners reach none of it. SQLite, then PostgreSQL with
// TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, databaseRows, skipWithoutPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');
const sharp = require('sharp');

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SRC = /^\/uploads\/qimg_[0-9a-f]{32}_[0-9a-f]{10}\.(png|jpg|gif|webp)$/;
const dataUrl = (bytes, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const FAKE_PNG = Buffer.from('this is text, not a picture at all');

const mcqXml = (text, { options = ['a', 'b', 'c', 'd'], feedback = '' } = {}) => `
  <question type="multichoice">
    <name><text>Q</text></name>
    <questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[${feedback}]]></text></generalfeedback>
    <defaultgrade>1</defaultgrade>
    <single>true</single>
${options
  .map(
    (o, i) =>
      `    <answer fraction="${i === 0 ? 100 : 0}" format="html"><text><![CDATA[${o}]]></text></answer>`,
  )
  .join('\n')}
  </question>`;
const moodle = (...questions) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${questions.join('')}\n</quiz>\n`);

const xlsx = async (rows) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow([
    'Question',
    'Option A',
    'Option B',
    'Option C',
    'Option D',
    'Correct Answer',
    'Points Correct',
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const suite = (name, options) =>
  describe(name, options.describe ?? {}, () => {
    let server;
    let db;
    const { tokens, call, signIn } = asRoles(() => server);
    const tag = name.includes('Postgre') ? 'pg' : 'lite';

    const importPool = (role, bytes, fileName, fields = {}) =>
      server.request('POST', '/api/questionPool-import', {
        token: tokens[role],
        form: { fields: { duplicates: 'true', ...fields }, files: [[bytes, fileName]] },
      });
    const rows = databaseRows(
      () => server,
      () => db,
    );
    const imageFiles = async () =>
      Number((await rows("SELECT COUNT(*) AS n FROM files WHERE url LIKE '/uploads/qimg%'"))[0].n);
    const poolTexts = async (like) =>
      rows(
        'SELECT question, option_a, option_b, explanation FROM question_pools WHERE question LIKE ? ORDER BY id',
        [`%${like}%`],
      );
    const served = async (src) => {
      const res = await fetch(`${server.baseUrl}${src}`);
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    before(async () => {
      if (options.postgres) db = await createSeededDatabase();
      server = await startServer({
        ...(db ? { databaseUrl: db.url } : {}),
        extraEnv: { IMPORT_IMAGES_MAX_MB: '1' },
      });
      await signIn([
        ['admin', 'admin'],
        ['faculty', 'faculty'],
        ['A', 'student1'],
      ]);
    });

    after(async () => {
      await server?.stop();
      await db?.drop();
    });

    test('Moodle XML: the preview reports the data: images and stores nothing; the import stores and serves them', async () => {
      const marker = `moodle-data-${tag}`;
      const file = moodle(
        mcqXml(`<p>${marker}: which graph? <img src="${dataUrl(PNG)}" alt="the graph"></p>`, {
          options: [`<img src='${dataUrl(PNG)}' alt="curve a">`, 'b', 'c', 'd'],
          feedback: `Because <img src="${dataUrl(PNG)}" alt="worked">`,
        }),
      );
      const before = await imageFiles();
      const preview = await importPool('faculty', file, 'bank.xml', { preview: 'true' });
      assert.equal(preview.status, 200, preview.text.slice(0, 400));
      assert.equal(preview.json.imageCount, 3);
      assert.equal(preview.json.imageBytes, PNG.length * 3);
      assert.deepEqual(preview.json.skippedRows, []);
      assert.match(preview.json.rows[0].question, /\[image: the graph\]/);
      assert.ok(preview.json.rows[0].notes.includes('Images are stored with the question'));
      assert.equal(await imageFiles(), before, 'a preview stores nothing');
      assert.equal((await poolTexts(marker)).length, 0, 'a preview writes nothing');

      const done = await importPool('faculty', file, 'bank.xml');
      assert.equal(done.status, 200, done.text.slice(0, 400));
      assert.equal(await imageFiles(), before + 3);
      const [row] = await poolTexts(marker);
      const srcs = [row.question, row.option_a, row.explanation].map(
        (text) => /<img src="([^"]+)"/.exec(text)?.[1],
      );
      for (const src of srcs) assert.match(src, SRC);
      assert.equal(new Set(srcs).size, 3, 'each image is a file of its own');
      assert.match(row.question, /alt="the graph"/);
      assert.doesNotMatch(JSON.stringify(row), /data:/);
      for (const src of srcs) {
        // The upload plugin may re-encode the picture (its size optimisation): still a PNG.
        const got = await served(src);
        assert.equal(got.status, 200);
        assert.deepEqual(got.bytes.subarray(0, 8), PNG.subarray(0, 8));
      }
    });

    test('a template cell pasted from Word and a GIFT [html] text bring their data: images', async () => {
      const before = await imageFiles();
      const cellMarker = `cell-data-${tag}`;
      // A real photo-like PNG of ~100 KB: its data: URL is far longer than a field's 20,000
      // characters, which the text is checked against only once the image is taken out.
      const noise = await sharp({
        create: {
          width: 200,
          height: 200,
          channels: 3,
          background: '#888',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .png()
        .toBuffer();
      assert.ok(dataUrl(noise).length > 100_000);
      const sheet = await xlsx([
        [
          `<p>${cellMarker} <b>see</b> <img width="40" src="${dataUrl(PNG)}" alt="pasted"></p>`,
          'one',
          `<img src="${dataUrl(PNG)}">`,
          `<img src="${dataUrl(noise)}" alt="noise">`,
          'four',
          'A',
          1,
        ],
      ]);
      const done = await importPool('admin', sheet, 'bank.xlsx');
      assert.equal(done.status, 200, done.text.slice(0, 400));
      const [row] = await poolTexts(cellMarker);
      assert.match(
        row.question,
        /^<p>cell-data-\w+ <b>see<\/b> <img src="\/uploads\/qimg_[0-9a-f_]+\.png" alt="pasted" \/><\/p>$/,
      );
      assert.match(row.option_b, /^<img src="\/uploads\/qimg_[0-9a-f_]+\.png" alt="" \/>$/);
      const [{ option_c: optionC }] = await rows(
        'SELECT option_c FROM question_pools WHERE question LIKE ?',
        [`%${cellMarker}%`],
      );
      const noiseSrc = /src="([^"]+)"/.exec(optionC)?.[1];
      assert.match(noiseSrc, SRC);
      const got = await served(noiseSrc);
      assert.equal(got.status, 200);
      // The plugin may re-encode it: the whole picture is there when its size is.
      const { width, height, format } = await sharp(got.bytes).metadata();
      assert.deepEqual([width, height, format], [200, 200, 'png'], 'the whole picture is stored');

      // GIFT escapes its special characters (= : ~ # { }) inside text.
      const giftMarker = `gift-data-${tag}`;
      const escape = (text) => text.replace(/[~=#{}:]/g, (c) => `\\${c}`);
      const gift = Buffer.from(
        `::Q1::[html]<p>${giftMarker} <img src\\="${escape(dataUrl(PNG))}" alt\\="dot"></p> {\n=right\n~wrong one\n~wrong two\n~wrong three\n}\n`,
      );
      const fromGift = await importPool('admin', gift, 'bank.gift');
      assert.equal(fromGift.status, 200, fromGift.text.slice(0, 400));
      const [giftRow] = await poolTexts(giftMarker);
      const src = /src="([^"]+)"/.exec(giftRow.question)?.[1];
      assert.match(src, SRC);
      assert.deepEqual((await served(src)).bytes.subarray(0, 8), PNG.subarray(0, 8));
      assert.equal(await imageFiles(), before + 4);
    });

    test('an SVG, a text called PNG or a non-base64 data: image skips its question with its line and reason; nothing is written', async () => {
      const marker = `bad-data-${tag}`;
      const file = moodle(
        mcqXml(`${marker} svg <img src="${dataUrl(SVG, 'image/svg+xml')}" alt="x">`),
        mcqXml(`${marker} fake`, { options: [`<img src="${dataUrl(FAKE_PNG)}">`, 'b', 'c', 'd'] }),
        mcqXml(`${marker} utf8 <img src="data:image/svg+xml;utf8,<svg></svg>">`),
      );
      const before = await imageFiles();
      const preview = await importPool('admin', file, 'bad.xml', { preview: 'true' });
      assert.equal(preview.status, 200, preview.text.slice(0, 400));
      assert.equal(preview.json.acceptedCount, 0);
      const reasons = preview.json.skippedRows.map((s) => [s.row, s.reasons.join(' ')]);
      assert.equal(reasons.length, 3);
      assert.deepEqual(
        reasons.map(([row]) => row),
        [3, 14, 25],
        'each with the line its question starts on',
      );
      assert.match(
        reasons[0][1],
        /Question text: the image inline image 1 is not a PNG, JPEG, GIF or WebP image \(its data: URL says image\/svg\+xml\)/,
      );
      assert.match(
        reasons[1][1],
        /Answer A: the image inline image 1 is not a PNG, JPEG, GIF or WebP/,
      );
      assert.match(reasons[2][1], /not base64-encoded/);
      const refused = await importPool('admin', file, 'bad.xml');
      assert.equal(refused.status, 400, refused.text.slice(0, 300));
      assert.equal(await imageFiles(), before, 'no image stored');
      assert.equal((await poolTexts(marker)).length, 0, 'no question written');

      // A template cell's bad image is a skipped row too.
      const sheet = await xlsx([
        [`${marker} cell <img src="${dataUrl(SVG, 'image/png')}">`, 'a', 'b', 'c', 'd', 'A', 1],
      ]);
      const cell = await importPool('admin', sheet, 'bad.xlsx', { preview: 'true' });
      assert.equal(cell.status, 200, cell.text.slice(0, 300));
      assert.equal(cell.json.skippedRows[0].row, 2);
      assert.match(
        cell.json.skippedRows[0].reasons.join(' '),
        /Question: the image inline image 1 is not a PNG/,
      );
    });

    test('more than 10 images in one question, or more image bytes than the cap, are refused', async () => {
      const marker = `many-data-${tag}`;
      const eleven = Array.from({ length: 11 }, () => `<img src="${dataUrl(PNG)}">`).join('');
      const sheet = await xlsx([[`${marker} ${eleven}`, 'a', 'b', 'c', 'd', 'A', 1]]);
      const preview = await importPool('admin', sheet, 'many.xlsx', { preview: 'true' });
      assert.equal(preview.status, 200, preview.text.slice(0, 300));
      assert.match(preview.json.skippedRows[0].reasons.join(' '), /11 images; at most 10/);

      // IMPORT_IMAGES_MAX_MB is 1 here: two images of 0.6 MB each are over it together.
      const big = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(600 * 1024, 7)]);
      const file = moodle(
        mcqXml(`${marker} one <img src="${dataUrl(big)}">`),
        mcqXml(`${marker} two <img src="${dataUrl(big)}">`),
      );
      const before = await imageFiles();
      for (const fields of [{ preview: 'true' }, {}]) {
        const res = await importPool('admin', file, 'big.xml', fields);
        assert.equal(res.status, 400, res.text.slice(0, 300));
        assert.match(
          res.json.error.message,
          /images add up to 1\.2 MB; one import may carry at most 1 MB/,
        );
      }
      assert.equal(await imageFiles(), before);
      assert.equal((await poolTexts(marker)).length, 0);
    });

    test('a write that fails removes the images it stored', async () => {
      const marker = `fail-data-${tag}`;
      // The database refuses the second question (a trigger), after the first one's images were
      // stored: the write fails, and neither questions nor images are left.
      if (db) {
        await db.query(`CREATE FUNCTION refuse_marked() RETURNS trigger AS $$
          BEGIN IF NEW.question LIKE '%refuse-this%' THEN RAISE EXCEPTION 'refused'; END IF;
          RETURN NEW; END $$ LANGUAGE plpgsql`);
        await db.query(`CREATE TRIGGER refuse_marked BEFORE INSERT ON question_pools
          FOR EACH ROW EXECUTE FUNCTION refuse_marked()`);
      } else {
        server.database().exec(`CREATE TRIGGER refuse_marked BEFORE INSERT ON question_pools
            WHEN NEW.question LIKE '%refuse-this%' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
      }
      try {
        const file = moodle(
          mcqXml(`${marker} first <img src="${dataUrl(PNG)}"> <img src="${dataUrl(PNG)}">`),
          mcqXml(`${marker} refuse-this <img src="${dataUrl(PNG)}">`),
        );
        const before = await imageFiles();
        const res = await importPool('admin', file, 'fail.xml');
        assert.ok(res.status >= 400, `${res.status} ${res.text.slice(0, 200)}`);
        assert.equal(await imageFiles(), before, 'the stored images were removed');
        assert.equal((await poolTexts(marker)).length, 0);
      } finally {
        if (db) {
          await db.query('DROP TRIGGER refuse_marked ON question_pools');
          await db.query('DROP FUNCTION refuse_marked');
        } else {
          server.database().exec('DROP TRIGGER refuse_marked');
        }
      }
    });

    test('learners cannot import, and find no imported image anywhere', async () => {
      const marker = `learner-data-${tag}`;
      const file = moodle(mcqXml(`${marker} <img src="${dataUrl(PNG)}">`));
      for (const role of ['A', 'none']) {
        const res = await importPool(role, file, 'x.xml');
        assert.ok([401, 403].includes(res.status), `${role}: ${res.status}`);
      }
      assert.equal((await poolTexts(marker)).length, 0);
      const done = await importPool('admin', file, 'x.xml');
      assert.equal(done.status, 200, done.text.slice(0, 200));
      const [row] = await poolTexts(marker);
      const name = /qimg_[0-9a-f]{32}/.exec(row.question)[0];
      for (const role of ['A', 'none']) {
        for (const path of [
          '/api/upload/files',
          '/api/question-pools',
          '/api/questionPool-search',
        ]) {
          const res = await call(role, 'GET', path);
          assert.ok(!res.text.includes(name), `${role} ${path} shows the image`);
        }
      }
    });
  });

suite('data: images in imports (SQLite)', {});
suite('data: images in imports (PostgreSQL)', {
  postgres: true,
  describe: { skip: skipWithoutPostgres },
});
