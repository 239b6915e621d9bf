// Course, subject, topic, course-content and video transitions; upload checks and the two-step
// upload. One boot of the real server (upload limit 1 MB) for the whole file.
import assert from 'node:assert/strict';
import { createHmac, createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { asRoles } from './helpers/roles.mjs';
import { ONE_OF_EACH, readResponse, serverDir, startServer } from './helpers/server.mjs';

const LIMIT = 1024 * 1024;
const VIDEO_MESSAGE = 'Enter a YouTube video link (youtube.com/watch?v=… or youtu.be/…).';

let server;
const { tokens, call, ok, signIn, total: count } = asRoles(() => server);

before(async () => {
  server = await startServer({ extraEnv: { UPLOAD_SIZE_LIMIT: String(LIMIT) } });
  await signIn(ONE_OF_EACH);
});

after(async () => {
  await server?.stop();
});

const newSubject = async (name) =>
  (await ok('admin', 'POST', '/api/subjects', { data: { SubjectName: name } })).documentId;

const contentsOf = async (course) =>
  ok(
    'admin',
    'GET',
    `/api/course-contents?filters[course][documentId]=${course}&populate=subject&pagination[pageSize]=100`,
  );

describe('courses', () => {
  test('create makes one course-content row per subject; edit adds the missing ones', async () => {
    const s1 = await newSubject('Course subject 1');
    const s2 = await newSubject('Course subject 2');
    const s3 = await newSubject('Course subject 3');
    const course = await ok('faculty', 'POST', '/api/courses', {
      data: {
        course_name: '  Transitions  ',
        course_description: 'd',
        course_outcome: 'o',
        course_requirements: 'r',
        is_public: false,
        is_active: true,
        course_image: null,
        test_category: null,
        test_language: null,
        subjects: [s1, s2],
        batches: [],
        students: [],
        faculties: [],
      },
    });
    assert.equal(course.course_name, 'Transitions');
    let rows = await contentsOf(course.documentId);
    assert.deepEqual(rows.map((r) => r.subject.documentId).sort(), [s1, s2].sort());

    await ok('admin', 'PUT', `/api/courses/${course.documentId}`, {
      data: { subjects: [s1, s2, s3] },
    });
    rows = await contentsOf(course.documentId);
    assert.deepEqual(rows.map((r) => r.subject.documentId).sort(), [s1, s2, s3].sort());

    // An edit without subjects leaves the rows alone; soft delete is is_active false.
    await ok('admin', 'PUT', `/api/courses/${course.documentId}`, { data: { is_active: false } });
    assert.equal((await contentsOf(course.documentId)).length, 3);
  });

  test('a failed create leaves nothing', async () => {
    const s1 = await newSubject('Rollback subject');
    const courses = await count('/api/courses');
    const contents = await count('/api/course-contents');
    const res = await call('admin', 'POST', '/api/courses', {
      data: { course_name: 'Never', subjects: [s1, 'no-such-subject-documentid'] },
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(await count('/api/courses'), courses);
    assert.equal(await count('/api/course-contents'), contents);
  });

  test('a missing or blank course name is a 400 ValidationError', async () => {
    for (const data of [{}, { course_name: '   ' }]) {
      const res = await call('admin', 'POST', '/api/courses', { data });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.name, 'ValidationError');
    }
  });
});

describe('subjects and topics', () => {
  test('a created topic is appended to its subject', async () => {
    const subject = await newSubject('Topic subject');
    const t1 = await ok('faculty', 'POST', '/api/topics', {
      data: { topic_name: 'T1', topic_description: 'x', subject, topic_material: [] },
    });
    const t2 = await ok('faculty', 'POST', '/api/topics', { data: { topic_name: 'T2', subject } });
    const read = await ok('admin', 'GET', `/api/subjects/${subject}?populate=topics`);
    assert.deepEqual(
      read.topics.map((t) => t.documentId).sort(),
      [t1.documentId, t2.documentId].sort(),
    );
  });

  test('remove-topics unlinks and deletes; a foreign topic changes nothing (400)', async () => {
    const subject = await newSubject('Remove subject');
    const other = await newSubject('Other subject');
    const make = async (name, s) =>
      (await ok('admin', 'POST', '/api/topics', { data: { topic_name: name, subject: s } }))
        .documentId;
    const a = await make('A', subject);
    const b = await make('B', subject);
    const c = await make('C', subject);
    const foreign = await make('F', other);

    const refused = await call('faculty', 'POST', `/api/subjects/${subject}/remove-topics`, {
      topics: [a, foreign],
    });
    assert.equal(refused.status, 400, refused.text);
    let read = await ok('admin', 'GET', `/api/subjects/${subject}?populate=topics`);
    assert.equal(read.topics.length, 3);

    const student = await call('student', 'POST', `/api/subjects/${subject}/remove-topics`, {
      topics: [a],
    });
    assert.equal(student.status, 403, student.text);

    const res = await call('faculty', 'POST', `/api/subjects/${subject}/remove-topics`, {
      topics: [a, b],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { data: { removed: 2 } });
    read = await ok('admin', 'GET', `/api/subjects/${subject}?populate=topics`);
    assert.deepEqual(
      read.topics.map((t) => t.documentId),
      [c],
    );
    assert.equal((await call('admin', 'GET', `/api/topics/${a}`)).status, 404);
  });
});

describe('course content', () => {
  test('remove-topic clears topic, materials and videos only when the topic matches', async () => {
    const subject = await newSubject('Content subject');
    const topic = (
      await ok('admin', 'POST', '/api/topics', { data: { topic_name: 'CT', subject } })
    ).documentId;
    const other = (await ok('admin', 'POST', '/api/topics', { data: { topic_name: 'OT' } }))
      .documentId;
    const video = (
      await ok('admin', 'POST', '/api/youtube-videos', {
        data: { title: 'V', url: 'youtu.be/ZrNdp1tFA0s' },
      })
    ).documentId;
    const course = (await ok('admin', 'POST', '/api/courses', { data: { course_name: 'CC' } }))
      .documentId;
    const content = (
      await ok('admin', 'POST', '/api/course-contents', {
        data: { course, subject, topic, youtube_videos: [video] },
      })
    ).documentId;

    const refused = await call('faculty', 'POST', `/api/course-contents/${content}/remove-topic`, {
      topic: other,
    });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.json.error.message, 'The topic does not match this course content.');

    const res = await call('faculty', 'POST', `/api/course-contents/${content}/remove-topic`, {
      topic,
    });
    assert.equal(res.status, 200, res.text);
    const read = await ok(
      'admin',
      'GET',
      `/api/course-contents/${content}?populate[0]=topic&populate[1]=youtube_videos&populate[2]=topic_materials`,
    );
    assert.equal(read.topic, null);
    assert.deepEqual(read.youtube_videos, []);
    assert.ok(read.topic_materials === null || read.topic_materials.length === 0);
  });
});

describe('videos', () => {
  const valid = [
    ['https://www.youtube.com/watch?v=ZrNdp1tFA0s', 'ZrNdp1tFA0s'],
    ['http://youtube.com/watch?feature=share&v=abc_DEF-123', 'abc_DEF-123'],
    ['m.youtube.com/watch?v=ZrNdp1tFA0s&t=10', 'ZrNdp1tFA0s'],
    ['https://youtu.be/ZrNdp1tFA0s?si=x', 'ZrNdp1tFA0s'],
    ['https://www.youtube.com/embed/ZrNdp1tFA0s', 'ZrNdp1tFA0s'],
    ['https://youtube.com/shorts/ZrNdp1tFA0s', 'ZrNdp1tFA0s'],
  ];
  for (const [url, id] of valid) {
    test(`accepts ${url}`, async () => {
      const video = await ok('faculty', 'POST', '/api/youtube-videos', {
        data: { title: 'Video', url },
      });
      assert.equal(video.url, `https://www.youtube.com/watch?v=${id}`);
    });
  }
  const invalid = [
    'https://vimeo.com/123',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://evil.example/youtube.com/watch?v=ZrNdp1tFA0s',
    'javascript:alert(1)',
    '',
  ];
  for (const url of invalid) {
    test(`refuses ${JSON.stringify(url)}`, async () => {
      const res = await call('faculty', 'POST', '/api/youtube-videos', {
        data: { title: 'Video', url },
      });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.message, VIDEO_MESSAGE);
    });
  }
  test('an update is checked too, and a title is required', async () => {
    const video = await ok('faculty', 'POST', '/api/youtube-videos', {
      data: { title: 'V', url: 'youtu.be/ZrNdp1tFA0s' },
    });
    const bad = await call('faculty', 'PUT', `/api/youtube-videos/${video.documentId}`, {
      data: { url: 'https://example.com' },
    });
    assert.equal(bad.status, 400, bad.text);
    const good = await ok('faculty', 'PUT', `/api/youtube-videos/${video.documentId}`, {
      data: { url: 'https://youtu.be/abcdefghijk' },
    });
    assert.equal(good.url, 'https://www.youtube.com/watch?v=abcdefghijk');
    const untitled = await call('faculty', 'POST', '/api/youtube-videos', {
      data: { title: ' ', url: 'youtu.be/ZrNdp1tFA0s' },
    });
    assert.equal(untitled.status, 400, untitled.text);
  });
});

describe('a learner sees subjects, topics and materials of the courses they see only', () => {
  test('topics of a subject used only by a hidden course are invisible to the learner', async () => {
    const hiddenSubject = await newSubject('Hidden-only subject');
    const openSubject = await newSubject('Open subject');
    const uploaded = await upload('faculty', 'secret.pdf', PDF, 'application/pdf');
    assert.equal(uploaded.status, 201, uploaded.text);
    const fileId = uploaded.json[0].id;
    const hiddenTopic = (
      await ok('admin', 'POST', '/api/topics', {
        data: { topic_name: 'Hidden topic', subject: hiddenSubject, topic_material: [fileId] },
      })
    ).documentId;
    const openTopic = (
      await ok('admin', 'POST', '/api/topics', {
        data: { topic_name: 'Open topic', subject: openSubject },
      })
    ).documentId;
    const hiddenCourse = (
      await ok('admin', 'POST', '/api/courses', {
        data: {
          course_name: 'Nobody’s course',
          is_public: false,
          is_active: true,
          subjects: [hiddenSubject],
        },
      })
    ).documentId;
    const openCourse = (
      await ok('admin', 'POST', '/api/courses', {
        data: {
          course_name: 'Everyone’s course',
          is_public: true,
          is_active: true,
          subjects: [openSubject],
        },
      })
    ).documentId;

    assert.equal((await call('student', 'GET', `/api/topics/${hiddenTopic}`)).status, 404);
    assert.equal((await call('student', 'GET', `/api/subjects/${hiddenSubject}`)).status, 404);
    assert.equal((await call('student', 'GET', `/api/courses/${hiddenCourse}`)).status, 404);
    const contents = await ok(
      'student',
      'GET',
      `/api/course-contents?filters[course][documentId]=${hiddenCourse}`,
    );
    assert.deepEqual(contents, []);
    const topics = await ok(
      'student',
      'GET',
      '/api/topics?pagination[pageSize]=100&populate=topic_material',
    );
    assert.ok(!topics.some((t) => t.documentId === hiddenTopic));
    assert.ok(topics.some((t) => t.documentId === openTopic));
    const all = await call(
      'student',
      'GET',
      '/api/topics?pagination[pageSize]=100&populate=topic_material',
    );
    assert.ok(!all.text.includes('secret'), 'the hidden material is not listed');

    const course = await ok(
      'student',
      'GET',
      `/api/courses/${openCourse}?populate[subjects][populate][topics][populate][topic_material]=true`,
    );
    assert.deepEqual(
      course.subjects.flatMap((s) => s.topics.map((t) => t.documentId)),
      [openTopic],
    );
    assert.equal((await call('faculty', 'GET', `/api/topics/${hiddenTopic}`)).status, 200);
  });
});

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

const upload = (role, name, bytes, type = 'application/octet-stream') =>
  server.request('POST', '/api/upload', {
    token: tokens[role],
    form: { files: [[bytes, name, 'files', type]] },
  });

describe('POST /api/upload checks', () => {
  test('allowed types by content are stored with the type the content shows', async () => {
    const png = await upload('student', 'photo.png', PNG, 'application/pdf');
    assert.equal(png.status, 201, png.text);
    assert.equal(png.json[0].mime, 'image/png');
    const pdf = await upload('faculty', 'notes.pdf', PDF, 'application/pdf');
    assert.equal(pdf.status, 201, pdf.text);
    const txt = await upload('faculty', 'notes.txt', 'héllo\n', 'text/plain');
    assert.equal(txt.status, 201, txt.text);
  });

  test('a name that lies about the content, or a type not allowed, is refused', async () => {
    for (const [name, bytes] of [
      ['photo.pdf', PNG],
      ['script.exe', Buffer.from('MZ\x90\x00')],
      ['page.html', '<html></html>'],
      ['binary.txt', Buffer.from([0x41, 0x00, 0x42])],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
      ['fake.docx', 'not a zip'],
    ]) {
      const res = await upload('faculty', name, bytes);
      assert.equal(res.status, 400, `${name}: ${res.text}`);
      assert.equal(res.json.error.message, 'This type of file is not allowed.');
    }
  });

  test('a file over the limit is refused with 413', async () => {
    const big = Buffer.alloc(LIMIT + 1, 0x41);
    const res = await upload('faculty', 'big.txt', big, 'text/plain');
    assert.equal(res.status, 413, res.text);
    assert.equal(res.json.error.message, 'The file is larger than 1 MB.');
  });
});

const signUrl = (key, expires, type) => {
  const secret = createHash('sha256')
    .update(`portal-media-upload-url|${server.env.APP_KEYS}`)
    .digest();
  const signature = createHmac('sha256', secret).update(`${key}|${expires}|${type}`).digest('hex');
  const query = new URLSearchParams({ key, expires: String(expires), type, signature });
  return `${server.baseUrl}/api/media/local-upload?${query}`;
};

const put = async (url, body, type, extra = {}) =>
  readResponse(
    await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body, ...extra }),
  );

const leftovers = (key) => {
  const dir = join(serverDir, 'public', ...key.split('/').slice(0, 2));
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('two-step upload (local storage)', () => {
  test('signed URL, PUT without credentials, register once', async () => {
    const signed = await call('student', 'POST', '/api/media/s3-upload-url', {
      fileName: 'My notes (1).pdf',
      fileType: 'application/pdf',
    });
    assert.equal(signed.status, 200, signed.text);
    const { uploadURL, key } = signed.json;
    assert.match(key, /^uploads\/[a-f0-9]{32}\/My_notes_1_\.pdf$/);
    assert.ok(uploadURL.startsWith(`${server.baseUrl}/api/media/local-upload?`), uploadURL);
    const expires = Number(new URL(uploadURL).searchParams.get('expires'));
    assert.ok(Math.abs(expires - (Date.now() / 1000 + 600)) < 30, 'expires in 10 minutes');

    const stored = await put(uploadURL, PDF, 'application/pdf');
    assert.equal(stored.status, 200, stored.text);
    const again = await put(uploadURL, PDF, 'application/pdf');
    assert.equal(again.status, 403, 'a key is written once');

    const served = await fetch(`${server.baseUrl}/${key}`);
    assert.equal(served.status, 200);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), PDF);

    const data = {
      url: `/${key}`,
      name: 'My notes (1).pdf',
      type: 'application/pdf',
      size: PDF.length,
      key,
    };
    const file = await call('student', 'POST', '/api/media', { data });
    assert.equal(file.status, 201, file.text);
    assert.equal(typeof file.json.data.id, 'number');
    assert.equal(file.json.data.url, `/${key}`);
    assert.equal(file.json.data.mime, 'application/pdf');
    assert.equal(file.json.data.provider, 'local');
    const twice = await call('student', 'POST', '/api/media', { data });
    assert.equal(twice.status, 400, twice.text);
  });

  test('the registered file belongs to its uploader', async () => {
    const signed = (
      await call('faculty', 'POST', '/api/media/s3-upload-url', {
        fileName: 'sheet.txt',
        fileType: 'text/plain',
      })
    ).json;
    assert.equal((await put(signed.uploadURL, 'hello', 'text/plain')).status, 200);
    const file = await call('faculty', 'POST', '/api/media', {
      data: { key: signed.key, name: 'sheet.txt', type: 'text/plain', size: 5 },
    });
    assert.equal(file.status, 201, file.text);
    // Recorded as the caller's file (learners may attach only their own files).
    const me = await call('faculty', 'GET', '/api/users/me');
    const owner = server
      .database()
      .prepare('SELECT user_id FROM app_file_owners WHERE file_id = ?')
      .get(file.json.data.id);
    assert.equal(owner?.user_id, me.json.id);
  });

  test('two registrations of one key at once: exactly one file', async () => {
    const signed = (
      await call('faculty', 'POST', '/api/media/s3-upload-url', {
        fileName: 'race.png',
        fileType: 'image/png',
      })
    ).json;
    assert.equal((await put(signed.uploadURL, PNG, 'image/png')).status, 200);
    const data = { key: signed.key, name: 'race.png', type: 'image/png', size: PNG.length };
    const results = await Promise.all(
      [1, 2, 3].map(() => call('faculty', 'POST', '/api/media', { data })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 400, 400]);
  });

  test('types not allowed, visitors and unknown keys are refused', async () => {
    for (const [fileName, fileType] of [
      ['x.exe', 'application/octet-stream'],
      ['x.pdf', 'image/png'],
      ['x.html', 'text/html'],
    ]) {
      const res = await call('student', 'POST', '/api/media/s3-upload-url', { fileName, fileType });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.message, 'This type of file is not allowed.');
    }
    const visitor = await server.request('POST', '/api/media/s3-upload-url', {
      body: { fileName: 'a.pdf', fileType: 'application/pdf' },
    });
    assert.ok([401, 403].includes(visitor.status), visitor.text);
    const unknown = await call('student', 'POST', '/api/media', {
      data: {
        key: `uploads/${'0'.repeat(32)}/nothing.pdf`,
        name: 'n.pdf',
        type: 'application/pdf',
        size: 1,
      },
    });
    assert.equal(unknown.status, 400, unknown.text);
  });

  test('an expired link and a wrong signature are refused', async () => {
    const key = `uploads/${'a'.repeat(32)}/late.pdf`;
    const expired = await put(
      signUrl(key, Math.floor(Date.now() / 1000) - 5, 'application/pdf'),
      PDF,
      'application/pdf',
    );
    assert.equal(expired.status, 403, expired.text);
    assert.equal(expired.json.error.message, 'This upload link has expired.');

    const valid = signUrl(key, Math.floor(Date.now() / 1000) + 60, 'application/pdf');
    const forged = valid.replace(
      /signature=([0-9a-f])/,
      (_, c) => `signature=${c === '0' ? '1' : '0'}`,
    );
    const wrong = await put(forged, PDF, 'application/pdf');
    assert.equal(wrong.status, 403, wrong.text);
    assert.equal(wrong.json.error.message, 'This upload link is not valid.');
    const otherType = await put(
      valid.replace('application%2Fpdf', 'image%2Fpng'),
      PNG,
      'image/png',
    );
    assert.equal(otherType.status, 403, otherType.text);
    const wrongHeader = await put(valid, PDF, 'image/png');
    assert.equal(wrongHeader.status, 400, wrongHeader.text);
    assert.ok(!existsSync(join(serverDir, 'public', key)));
  });

  test('content not matching the signed type is refused and not kept', async () => {
    const signed = (
      await call('student', 'POST', '/api/media/s3-upload-url', {
        fileName: 'photo.pdf',
        fileType: 'application/pdf',
      })
    ).json;
    const res = await put(signed.uploadURL, PNG, 'application/pdf');
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error.message, 'This type of file is not allowed.');
    assert.deepEqual(leftovers(signed.key), []);
  });

  test('the size limit holds while streaming (no Content-Length) and up front', async () => {
    const signed = (
      await call('student', 'POST', '/api/media/s3-upload-url', {
        fileName: 'big.txt',
        fileType: 'text/plain',
      })
    ).json;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent > LIMIT + chunk.length) {
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await put(signed.uploadURL, stream, 'text/plain', { duplex: 'half' }).catch(
      (error) => ({ status: 'aborted', text: String(error) }),
    );
    if (res.status !== 'aborted') {
      assert.equal(res.status, 413, res.text);
      assert.equal(res.json.error.message, 'The file is larger than 1 MB.');
    }
    assert.deepEqual(leftovers(signed.key), []);
    const upFront = await put(signed.uploadURL, Buffer.alloc(LIMIT + 1, 0x41), 'text/plain');
    assert.equal(upFront.status, 413, upFront.text);
    assert.deepEqual(leftovers(signed.key), []);
  });
});
