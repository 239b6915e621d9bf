// Issue 18, points 2, 6 and 15: who may attach, change, list and read files.
// - Point 2: POST /api/upload with ref/refId/field follows the write rules of a PUT of that field
//   by that caller: learners never attach through ref; staff only to fields of records they may edit.
// - Point 6: a submitted answer's documents are immutable for everyone (replace, rename, delete);
//   the file list is scoped to what the caller may read; a two-step upload key is tied to the
//   account that asked for it.
// - Point 15: private files (answer documents, evaluation documents, attachments) are not served
//   from their raw /uploads URL; callers who may read the record get a signed, expiring URL.
// One boot of the real server (SQLite) on the demo institute.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

let server;
const { tokens, users, call, ok, signIn } = asRoles(() => server);
const f = {};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

const refused = (res, allowed, label) => {
  assert.ok(
    allowed.includes(res.status),
    `${label}: expected ${allowed}, got ${res.status} ${res.text.slice(0, 300)}`,
  );
  assert.equal(res.json?.data, null, `${label}: data is null`);
  assert.equal(res.json?.error?.status, res.status, `${label}: error.status`);
};

/** Multipart POST with `files` and extra text fields. */
const multipart = async (role, path, { name = 'notes.txt', bytes, type, fields = {} } = {}) => {
  const form = new FormData();
  form.append(
    'files',
    new Blob([bytes ?? `content of ${name}`], { type: type ?? 'text/plain' }),
    name,
  );
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, String(value));
  }
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {},
    body: form,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, text, json };
};

/** GET of a file URL (relative to the server) without any credentials. */
const download = async (url) => {
  const res = await fetch(new URL(url, server.baseUrl));
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

const withoutQuery = (url) => url.split('?')[0];

/** Numeric id of a document (as the upload plugin's refId wants it). */
const idOf = async (collection, documentId) =>
  (await ok('admin', 'GET', `/api/${collection}/${documentId}`)).id;

const linkedFiles = async (collection, documentId, field) =>
  (await ok('admin', 'GET', `/api/${collection}/${documentId}?populate=${field}`))[field];

before(async () => {
  server = await startServer();
  console.log(`server booted in ${(server.bootMs / 1000).toFixed(1)} s (compile + start)`);
  await signIn([
    ['admin', 'admin'],
    ['faculty', 'faculty'],
    ['A', 'student1'],
    ['B', 'student2'],
  ]);
  // A faculty account with no faculty record: no batch, no subject, no test.
  const password = 'Lonely-faculty-1';
  await ok('admin', 'POST', '/api/custom-users', {
    username: 'lonelyfaculty',
    email: 'lonely.faculty@demo.test',
    password,
    role: 'faculty',
  });
  const lonely = await server.request('POST', '/api/login', {
    body: { email: 'lonely.faculty@demo.test', password },
  });
  assert.equal(lonely.status, 200, lonely.text);
  tokens.lonely = lonely.json.jwt;

  const tests = await ok('admin', 'GET', '/api/tests?pagination[pageSize]=100');
  f.mainsTest = tests.find((t) => t.TestName === 'Mains Answer Writing 1');
  const courses = await ok('admin', 'GET', '/api/courses?pagination[pageSize]=100');
  f.course = courses.find((c) => c.course_name === 'Civil Services Foundation');

  // Learner B answers the Mains test with a PDF and submits it.
  const started = await ok('B', 'POST', '/api/mains/start', {
    kind: 'test',
    documentId: f.mainsTest.documentId,
  });
  f.attemptB = started.attempt.documentId;
  f.answerB = started.answers[0].documentId;
  const added = await multipart('B', `/api/mains/answers/${f.answerB}/documents`, {
    name: 'script-b.pdf',
    bytes: PDF,
    type: 'application/pdf',
  });
  assert.equal(added.status, 200, added.text);
  f.docB = added.json.data.documents[0];
  const submitted = await ok('B', 'POST', '/api/mains/submit', { attemptId: f.attemptB });
  f.resultB = submitted.result.documentId;
  f.answerBId = await idOf('answers', f.answerB);
  f.resultBId = await idOf('results', f.resultB);
});

after(async () => {
  await server?.stop();
});

describe('point 2: POST /api/upload with ref follows the write rules', () => {
  const attach = (role, ref, refId, field) =>
    multipart(role, '/api/upload', {
      name: `${field}.txt`,
      fields: { ref, refId, field },
    });

  test("a learner cannot attach a file to another learner's submitted answer", async () => {
    const res = await attach('A', 'api::answer.answer', f.answerBId, 'answer_documents');
    refused(res, [403], 'A → B answer_documents');
    const docs = await linkedFiles('answers', f.answerB, 'answer_documents');
    assert.deepEqual(
      docs.map((d) => d.id),
      [f.docB.id],
      "B's answer keeps exactly its own document",
    );
  });

  test("a learner cannot attach to a result, a test, a course or another user's avatar", async () => {
    for (const [ref, refId, field] of [
      ['api::result.result', f.resultBId, 'evaluation_document'],
      ['api::test.test', f.mainsTest.id, 'Attachments'],
      ['api::course.course', f.course.id, 'course_image'],
      ['plugin::users-permissions.user', users.B.id, 'avatar'],
    ]) {
      const res = await attach('A', ref, refId, field);
      refused(res, [403], `A → ${ref}.${field}`);
    }
    assert.equal(await linkedFiles('courses', f.course.documentId, 'course_image'), null);
    assert.deepEqual(await linkedFiles('tests', f.mainsTest.documentId, 'Attachments'), []);
  });

  test('a learner may still upload a file without ref (and attach it to their own open answer)', async () => {
    const res = await multipart('A', '/api/upload', { name: 'mine.txt' });
    assert.equal(res.status, 201, res.text);
  });

  test('staff attach only to fields of records they may edit', async () => {
    // A faculty member with no batch edits the catalogue but not learners' answers or results.
    const answer = await attach('lonely', 'api::answer.answer', f.answerBId, 'answer_documents');
    refused(answer, [403, 404], 'lonely faculty → answer_documents');
    const result = await attach('lonely', 'api::result.result', f.resultBId, 'evaluation_document');
    refused(result, [403, 404], 'lonely faculty → evaluation_document');
    const avatar = await attach('lonely', 'plugin::users-permissions.user', users.B.id, 'avatar');
    refused(avatar, [403], 'lonely faculty → avatar');
    // Not a media field, or no such record: refused too.
    const notMedia = await attach('admin', 'api::course.course', f.course.id, 'course_name');
    refused(notMedia, [400], 'admin → course_name');
    const missing = await attach('admin', 'api::course.course', 999999, 'course_image');
    refused(missing, [404], 'admin → unknown course');
    // Even an administrator cannot add to a submitted answer's documents.
    const admin = await attach('admin', 'api::answer.answer', f.answerBId, 'answer_documents');
    refused(admin, [403], 'admin → submitted answer_documents');
    // The product's own use: an administrator sets a course image through ref.
    const image = await attach('admin', 'api::course.course', f.course.id, 'course_image');
    assert.equal(image.status, 201, image.text);
    const linked = await linkedFiles('courses', f.course.documentId, 'course_image');
    assert.equal(linked?.id, image.json[0].id);
  });
});

describe('point 6: files of submitted answers are immutable; lists are scoped', () => {
  test("a faculty member with no batch cannot replace, rename or delete B's answer document", async () => {
    const replace = await multipart('lonely', `/api/upload?id=${f.docB.id}`, {
      name: 'evil.pdf',
      bytes: PDF,
      type: 'application/pdf',
    });
    refused(replace, [403, 404], 'replace');
    const rename = await multipart('lonely', `/api/upload?id=${f.docB.id}`, {
      name: 'ignored.txt',
      fields: { fileInfo: JSON.stringify({ name: 'renamed.pdf' }) },
    });
    refused(rename, [403, 404], 'replace (with a file and fileInfo)');
    const remove = await call('lonely', 'DELETE', `/api/upload/files/${f.docB.id}`);
    refused(remove, [403, 404], 'delete');
    const docs = await linkedFiles('answers', f.answerB, 'answer_documents');
    assert.deepEqual(
      docs.map((d) => [d.id, d.name]),
      [[f.docB.id, 'script-b.pdf']],
    );
  });

  test("not even an administrator changes a submitted answer's documents", async () => {
    const replace = await multipart('admin', `/api/upload?id=${f.docB.id}`, {
      name: 'evil.pdf',
      bytes: PDF,
      type: 'application/pdf',
    });
    refused(replace, [403], 'admin replace');
    const remove = await call('admin', 'DELETE', `/api/upload/files/${f.docB.id}`);
    refused(remove, [403], 'admin delete');
    const put = await call('admin', 'PUT', `/api/answers/${f.answerB}`, {
      data: { answer_documents: [] },
    });
    refused(put, [403], 'admin PUT answer_documents');
    assert.equal((await linkedFiles('answers', f.answerB, 'answer_documents')).length, 1);
  });

  test('the file list and a file by id show only what the caller may read', async () => {
    const lonely = await ok('lonely', 'GET', '/api/upload/files?pagination[pageSize]=100');
    assert.ok(Array.isArray(lonely));
    assert.ok(
      !lonely.some((file) => file.id === f.docB.id),
      "B's script is not in a batchless faculty member's list",
    );
    const one = await call('lonely', 'GET', `/api/upload/files/${f.docB.id}`);
    refused(one, [404], 'lonely GET file by id');
    // The demo faculty member teaches B's batch: they see it; administrators see every file.
    const faculty = await ok('faculty', 'GET', '/api/upload/files?pagination[pageSize]=100');
    assert.ok(
      faculty.some((file) => file.id === f.docB.id),
      'faculty of the batch sees it',
    );
    const admin = await ok('admin', 'GET', '/api/upload/files?pagination[pageSize]=100');
    assert.ok(
      admin.some((file) => file.id === f.docB.id),
      'admin sees it',
    );
    const learner = await call('A', 'GET', '/api/upload/files');
    refused(learner, [403], 'learner list');
  });

  test('GraphQL follows the same rules: no renaming by learners, lists scoped', async () => {
    const gql = (role, query) =>
      server.request('POST', '/api/graphql', { token: tokens[role], body: { query } });
    const rename = await gql(
      'A',
      `mutation { updateUploadFile(id: ${f.docB.id}, info: { name: "pwned.pdf" }) { name } }`,
    );
    assert.ok(rename.json?.errors?.length, `learner rename refused: ${rename.text.slice(0, 300)}`);
    const list = await gql('lonely', '{ uploadFiles(pagination: { limit: 100 }) { name } }');
    assert.ok(
      !(list.json?.data?.uploadFiles ?? []).some((file) => file.name === 'script-b.pdf'),
      `lonely faculty's GraphQL list: ${list.text.slice(0, 300)}`,
    );
    const docs = await linkedFiles('answers', f.answerB, 'answer_documents');
    assert.equal(docs[0].name, 'script-b.pdf');
  });

  test('staff still rename the files of records they may edit', async () => {
    const form = await multipart('admin', '/api/upload', { name: 'syllabus.txt' });
    assert.equal(form.status, 201, form.text);
    const fileId = form.json[0].id;
    await ok('admin', 'PUT', `/api/tests/${f.mainsTest.documentId}`, {
      data: { Attachments: [fileId] },
    });
    const renamed = await fetch(`${server.baseUrl}/api/upload?id=${fileId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.faculty}` },
      body: (() => {
        const body = new FormData();
        body.append('fileInfo', JSON.stringify({ name: 'syllabus-2.txt' }));
        return body;
      })(),
    });
    assert.equal(renamed.status, 200, await renamed.text());
    const learner = await fetch(`${server.baseUrl}/api/upload?id=${fileId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.A}` },
      body: (() => {
        const body = new FormData();
        body.append('fileInfo', JSON.stringify({ name: 'mine.txt' }));
        return body;
      })(),
    });
    assert.equal(learner.status, 403);
    await ok('admin', 'PUT', `/api/tests/${f.mainsTest.documentId}`, {
      data: { Attachments: [] },
    });
  });

  test('a two-step upload key issued to A is refused for B', async () => {
    const signed = await ok('A', 'POST', '/api/media/s3-upload-url', {
      fileName: 'notes.pdf',
      fileType: 'application/pdf',
    });
    const put = await fetch(new URL(signed.uploadURL, server.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    assert.equal(put.status, 200, await put.text());
    const body = {
      data: { key: signed.key, name: 'notes.pdf', type: 'application/pdf', size: PDF.length },
    };
    const stolen = await call('B', 'POST', '/api/media', body);
    refused(stolen, [400, 403], "B registers A's key");
    const mine = await call('A', 'POST', '/api/media', body);
    assert.equal(mine.status, 201, mine.text);
  });
});

describe('point 15: private files are served only by signed URLs', () => {
  test("B's answer script is not served from its raw URL", async () => {
    const raw = await download(withoutQuery(f.docB.url));
    assert.equal(raw.status, 404, 'raw /uploads URL of an answer document');
  });

  test('no way round the raw-URL refusal: encoded, upper-case, dotted paths, HEAD', async () => {
    const raw = withoutQuery(f.docB.url);
    const name = raw.slice('/uploads/'.length);
    const encoded = `/uploads/%${name.charCodeAt(0).toString(16)}${name.slice(1)}`;
    for (const path of [
      encoded,
      `/uploads/./${name}`,
      `/uploads/x/../${name}`,
      `/uploads//${name}`,
      raw.toUpperCase(),
    ]) {
      const res = await download(path);
      assert.notEqual(res.status, 200, path);
      assert.notDeepEqual(res.body, PDF, path);
    }
    const head = await fetch(new URL(raw, server.baseUrl), { method: 'HEAD' });
    assert.equal(head.status, 404, 'HEAD');
  });

  test('the learner and the staff who may read it get a signed URL that works', async () => {
    const mine = await ok('B', 'GET', `/api/mains/attempts/${f.attemptB}`);
    const url = mine.answers[0].documents[0].url;
    assert.match(url, /[?&]sig=[0-9a-f]+/);
    const got = await download(url);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, PDF);

    const script = await ok('faculty', 'GET', `/api/mains/scripts/${f.resultB}`);
    const staffUrl = JSON.stringify(script).match(/"url":"([^"]+)"/)?.[1];
    assert.ok(staffUrl, 'the script lists the document');
    assert.equal((await download(staffUrl)).status, 200);

    const rest = await linkedFiles('answers', f.answerB, 'answer_documents');
    assert.equal((await download(rest[0].url)).status, 200, 'REST populate gives a signed URL');
  });

  test('a tampered or re-targeted signature is refused', async () => {
    const mine = await ok('B', 'GET', `/api/mains/attempts/${f.attemptB}`);
    const url = new URL(mine.answers[0].documents[0].url, server.baseUrl);
    const exp = url.searchParams.get('exp');
    url.searchParams.set('exp', String(Number(exp) + 3600));
    assert.equal((await download(url.href)).status, 404, 'a longer expiry');
    url.searchParams.set('exp', '1');
    assert.equal((await download(url.href)).status, 404, 'an expiry in the past');
  });

  test('public assets stay public: a course image and the import templates', async () => {
    const image = await linkedFiles('courses', f.course.documentId, 'course_image');
    assert.ok(image, 'the course image set above');
    assert.equal((await download(withoutQuery(image.url))).status, 200);
    const template = await download('/uploads/templates/questions-template.xlsx');
    assert.equal(template.status, 200);
  });
});
