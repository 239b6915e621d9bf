// The Meeting SDK signer (issue 21), unit-tested on the compiled module (no server, no network
// but a local double of Zoom): the JWT's header and claims checked with jsonwebtoken, the role
// rule, the lifetime and its clamp, the clock-skew margin; the join window; the host key (ZAK)
// client's caching and failures.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ensureCompiled } from '../scripts/lib/compile.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const jwt = require('jsonwebtoken');
const moduleDir = join(serverDir, 'dist', 'src', 'modules', 'live-classes');
let signer;
let config;
let window;
let zak;

before(async () => {
  await ensureCompiled(serverDir);
  signer = require(join(moduleDir, 'zoom-signature.js'));
  config = require(join(moduleDir, 'config.js'));
  window = require(join(moduleDir, 'window.js'));
  zak = require(join(moduleDir, 'zak.js'));
});

const SECRET = 'sdk-secret-for-tests';
const NOW = Date.parse('2026-05-04T09:30:00.000Z');
const input = (extra = {}) => ({
  sdkKey: 'sdk-key',
  sdkSecret: SECRET,
  meetingNumber: '9876543210',
  role: 0,
  ttlSeconds: 7200,
  now: NOW,
  ...extra,
});

describe('the Meeting SDK JWT', () => {
  test('HS256 with typ JWT; the documented claims; verifies with the secret only', () => {
    const token = signer.signMeetingSdkJwt(input());
    const { header, payload } = jwt.decode(token, { complete: true });
    assert.deepEqual(header, { alg: 'HS256', typ: 'JWT' });
    assert.deepEqual(Object.keys(payload).sort(), [
      'appKey',
      'exp',
      'iat',
      'mn',
      'role',
      'sdkKey',
      'tokenExp',
    ]);
    const claims = jwt.verify(token, SECRET, { algorithms: ['HS256'], clockTimestamp: NOW / 1000 });
    assert.equal(claims.appKey, 'sdk-key');
    assert.equal(claims.sdkKey, 'sdk-key');
    assert.equal(claims.mn, '9876543210');
    assert.equal(claims.role, 0);
    assert.equal(claims.iat, NOW / 1000 - 30, 'iat is 30 s in the past (clock skew)');
    assert.equal(claims.exp - claims.iat, 7200);
    assert.equal(claims.tokenExp, claims.exp);
    assert.throws(() => jwt.verify(token, 'another-secret'), /invalid signature/);
  });

  test('the role is 0 (attendee) or 1 (host), nothing else', () => {
    assert.equal(jwt.decode(signer.signMeetingSdkJwt(input({ role: 1 }))).role, 1);
    assert.equal(signer.signatureClaims(input({ role: 0 })).role, 0);
    assert.equal(signer.signatureClaims(input({ role: 7 })).role, 0);
  });

  test('exp − iat is clamped to 1,800..172,800 s; the setting defaults to 2 h', () => {
    const life = (ttlSeconds) => {
      const c = signer.signatureClaims(input({ ttlSeconds }));
      return c.exp - c.iat;
    };
    assert.equal(life(60), 1800);
    assert.equal(life(1800), 1800);
    assert.equal(life(86_400), 86_400);
    assert.equal(life(10_000_000), 172_800);
    assert.equal(config.signatureTtlSeconds(undefined), 7200);
    assert.equal(config.signatureTtlSeconds(''), 7200);
    assert.equal(config.signatureTtlSeconds('abc'), 7200);
    assert.equal(config.signatureTtlSeconds('10'), 1800);
    assert.equal(config.signatureTtlSeconds('3600'), 3600);
    assert.equal(config.signatureTtlSeconds('999999'), 172_800);
  });
});

describe('the join window', () => {
  const live = { date: '2026-05-04T10:00:00.000Z', duration_minutes: 30 };
  const at = (iso) => new Date(iso);
  test('opens 15 minutes before the start and closes at start + duration', () => {
    assert.throws(() => window.assertJoinable(live, at('2026-05-04T09:44:59.000Z')), {
      status: 403,
      message: 'This class opens for joining 15 minutes before it starts.',
    });
    window.assertJoinable(live, at('2026-05-04T09:45:00.000Z'));
    window.assertJoinable(live, at('2026-05-04T10:29:59.000Z'));
    assert.throws(() => window.assertJoinable(live, at('2026-05-04T10:30:00.000Z')), {
      status: 403,
      message: 'This class has ended.',
    });
    assert.throws(
      () => window.assertJoinable({ ...live, cancelled: true }, at('2026-05-04T10:00:00.000Z')),
      { status: 409, message: 'This class was cancelled.' },
    );
    assert.equal(window.canJoinAt(live, at('2026-05-04T10:00:00.000Z')), true);
    assert.equal(window.canJoinAt(live, at('2026-05-04T09:00:00.000Z')), false);
  });
});

describe("the host's ZAK through server-to-server OAuth", () => {
  const calls = { oauth: 0, zak: 0 };
  let mode = 'ok';
  let double;
  const saved = {};
  const ENV = [
    'ZOOM_ACCOUNT_ID',
    'ZOOM_CLIENT_ID',
    'ZOOM_CLIENT_SECRET',
    'ZOOM_OAUTH_URL',
    'ZOOM_API_URL',
    'ZOOM_HOST_USER',
  ];

  before(async () => {
    double = createServer((req, res) => {
      const url = new URL(req.url, 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/oauth/token') {
        calls.oauth += 1;
        res.end(JSON.stringify({ access_token: `t${calls.oauth}`, expires_in: 3600 }));
      } else if (url.pathname === '/v2/users/me/token') {
        calls.zak += 1;
        if (mode === 'slow') return; // never answers: the 5 s timeout
        if (mode === 'fail') {
          res.statusCode = 500;
          return res.end('{}');
        }
        res.end(JSON.stringify({ token: `zak-${req.headers.authorization}` }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise((r) => double.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${double.address().port}`;
    for (const name of ENV) saved[name] = process.env[name];
    Object.assign(process.env, {
      ZOOM_ACCOUNT_ID: 'acc',
      ZOOM_CLIENT_ID: 'id',
      ZOOM_CLIENT_SECRET: 'secret',
      ZOOM_OAUTH_URL: base,
      ZOOM_API_URL: `${base}/v2`,
    });
    delete process.env.ZOOM_HOST_USER;
  });

  after(() => {
    for (const name of ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    double.closeAllConnections?.();
    double.close();
  });

  test('one access token for several ZAKs; failures answer null and log no secret', async () => {
    zak.forgetZoomToken();
    assert.equal(await zak.hostZak(), 'zak-Bearer t1');
    assert.equal(await zak.hostZak(), 'zak-Bearer t1');
    assert.deepEqual(calls, { oauth: 1, zak: 2 });
    mode = 'fail';
    const logged = [];
    assert.equal(await zak.hostZak((m) => logged.push(m)), null);
    assert.equal(logged.length, 1);
    assert.ok(!logged[0].includes('secret') && !logged[0].includes('t1'), logged[0]);
    mode = 'slow';
    const started = Date.now();
    assert.equal(await zak.hostZak(), null);
    assert.ok(Date.now() - started < 8000, 'gives up after about 5 s');
    mode = 'ok';
  });

  test('no OAuth configuration: no ZAK, no call', async () => {
    const before = { ...calls };
    const id = process.env.ZOOM_CLIENT_ID;
    delete process.env.ZOOM_CLIENT_ID;
    assert.equal(await zak.hostZak(), null);
    process.env.ZOOM_CLIENT_ID = id;
    assert.deepEqual(calls, before);
  });
});
