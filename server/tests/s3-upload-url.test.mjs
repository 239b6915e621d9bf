// With S3 settings, the upload URL is a presigned S3 PUT (no store is contacted to sign it).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO, startServer } from './helpers/server.mjs';

let server;

before(async () => {
  server = await startServer({
    extraEnv: {
      S3_BUCKET: 'portal-test-bucket',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      MEDIA_UPLOAD_URL_TTL_SECONDS: '120',
    },
  });
});

after(async () => {
  await server?.stop();
});

test('POST /api/media/s3-upload-url answers a presigned PUT with the type and lifetime', async () => {
  const login = await server.request('POST', '/api/login', {
    body: { email: DEMO.student1.email, password: DEMO.student1.password },
  });
  assert.equal(login.status, 200, login.text);
  const res = await server.request('POST', '/api/media/s3-upload-url', {
    token: login.json.jwt,
    body: { fileName: 'Lecture 1.mp4', fileType: 'video/mp4' },
  });
  assert.equal(res.status, 200, res.text);
  const { uploadURL, key } = res.json;
  assert.match(key, /^uploads\/[a-f0-9]{32}\/Lecture_1\.mp4$/);
  const url = new URL(uploadURL);
  assert.equal(url.origin, 'http://127.0.0.1:9');
  assert.equal(url.pathname, `/portal-test-bucket/${key}`);
  assert.equal(url.searchParams.get('X-Amz-Expires'), '120');
  assert.match(url.searchParams.get('X-Amz-Credential'), /^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\//);
  assert.match(url.searchParams.get('X-Amz-SignedHeaders'), /content-type/);
  assert.match(url.searchParams.get('X-Amz-Signature'), /^[0-9a-f]{64}$/);
});
