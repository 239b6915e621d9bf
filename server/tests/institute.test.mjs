// The institute's settings (issue 24): everyone reads the public fields (signed-out visitors
// through the default token), only administrators change them, bad input is a 400 that changes
// nothing, the logo and favicon are images checked by their bytes, and closing registration
// stops sign-ups. On SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const cases = (getServer) => {
  const roles = asRoles(getServer);
  const { call, ok } = roles;
  const visitor = () => getServer().env.VITE_DEFAULT_API_TOKEN;
  const asVisitor = (method, path, body) =>
    getServer().request(method, path, { token: visitor(), body });
  const sendFile = (role, field, name, bytes, type) =>
    getServer().request('POST', `/api/institute/files/${field}`, {
      token: roles.tokens[role],
      form: { files: [[bytes, name, 'files', type]] },
    });
  const expect400 = (res, pattern) => {
    assert.equal(res.status, 400, JSON.stringify(res.json));
    assert.match(res.json.error.message, pattern);
  };

  const signIn = () =>
    roles.signIn([
      ['admin', 'admin'],
      ['faculty', 'faculty'],
      ['A', 'student1'],
    ]);

  const readAndWrite = async () => {
    const first = (await asVisitor('GET', '/api/institute')).json.data;
    assert.equal(first.name, 'Learning Portal');
    assert.equal(first.registrationOpen, true);
    assert.equal(first.primaryColour, null, "the portal's own colour theme until one is set");
    assert.equal(first.updatedAt, undefined);
    // No header at all: the Public role has nothing.
    assert.ok([401, 403].includes((await getServer().request('GET', '/api/institute')).status));
    for (const role of ['A', 'faculty']) {
      const res = await call(role, 'PUT', '/api/institute', { data: { name: 'Mine' } });
      assert.equal(res.status, 403, res.text);
    }
    const saved = await ok('admin', 'PUT', '/api/institute', {
      data: {
        name: 'Sunrise Academy',
        primaryColour: '#0B5394',
        defaultTimeZone: 'Europe/London',
        idleMinutes: 20,
        supportContact: 'help@sunrise.test',
      },
    });
    assert.equal(saved.name, 'Sunrise Academy');
    assert.equal(saved.primaryColour, '#0b5394');
    assert.equal(saved.updatedBy, 'admin@demo.test');
    assert.ok(saved.updatedAt);
    const seen = (await asVisitor('GET', '/api/institute')).json.data;
    assert.deepEqual(
      [seen.name, seen.primaryColour, seen.defaultTimeZone, seen.idleMinutes, seen.supportContact],
      ['Sunrise Academy', '#0b5394', 'Europe/London', 20, 'help@sunrise.test'],
    );
    assert.equal(seen.updatedBy, undefined);
    assert.equal((await ok('A', 'GET', '/api/institute')).name, 'Sunrise Academy');
    // Cleared: the portal's own colours again.
    const cleared = await ok('admin', 'PUT', '/api/institute', { data: { primaryColour: null } });
    assert.equal(cleared.primaryColour, null);
    await ok('admin', 'PUT', '/api/institute', { data: { primaryColour: '#0b5394' } });
  };

  const badInput = async () => {
    const before = await ok('admin', 'GET', '/api/institute');
    const bad = [
      [{ primaryColour: '#ffff00' }, /contrast of 1\.07:1/],
      [{ primaryColour: 'blue' }, /colour like #1565c0/],
      [{ idleMinutes: 1 }, /from 5 to 240/],
      [{ idleMinutes: '30' }, /from 5 to 240/],
      [{ defaultTimeZone: 'Mars/Olympus' }, /time zone/],
      [{ name: '   ' }, /name is required/],
      [{ name: 'x'.repeat(121) }, /at most 120/],
      [{ registrationOpen: 'no' }, /on \(true\) or off/],
      [{ supportContact: 's'.repeat(201) }, /at most 200/],
      // One bad field: the good one is not written either.
      [{ name: 'Half written', idleMinutes: 0 }, /idle time-out/],
      [{}, /Nothing to change/],
    ];
    for (const [data, pattern] of bad) {
      expect400(await call('admin', 'PUT', '/api/institute', { data }), pattern);
    }
    const afterwards = await ok('admin', 'GET', '/api/institute');
    assert.deepEqual(afterwards, before);
  };

  const files = async () => {
    const logo = await sendFile('admin', 'logo', 'logo.png', PNG, 'image/png');
    assert.equal(logo.status, 200, JSON.stringify(logo.json));
    const url = logo.json.data.logo.url;
    assert.equal(logo.json.data.logo.mime, 'image/png');
    // The visitor sees it and can fetch it.
    const seen = (await asVisitor('GET', '/api/institute')).json.data;
    assert.equal(seen.logo.url, url);
    const image = await fetch(new URL(url, getServer().baseUrl));
    assert.equal(image.status, 200);
    // An SVG (a script), a PNG named .svg, a JPEG favicon, two files, a learner: refused.
    expect400(
      await sendFile('admin', 'logo', 'logo.svg', SVG, 'image/svg+xml'),
      /PNG, JPEG or WebP/,
    );
    expect400(
      await sendFile('admin', 'favicon', 'icon.txt', SVG, 'image/png'),
      /favicon must be a PNG/,
    );
    expect400(
      await sendFile('admin', 'banner', 'logo.png', PNG, 'image/png'),
      /logo or the favicon/,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    expect400(await sendFile('admin', 'favicon', 'big.png', big, 'image/png'), /larger than/);
    const learner = await sendFile('A', 'logo', 'logo.png', PNG, 'image/png');
    assert.equal(learner.status, 403);
    assert.equal((await ok('admin', 'GET', '/api/institute')).logo.url, url);
    const cleared = await ok('admin', 'DELETE', '/api/institute/files/logo');
    assert.equal(cleared.logo, null);
  };

  const registration = async () => {
    const body = (email) => ({
      StudentName: 'Closed Door',
      student_email: email,
      student_mobile_number: '9876543210',
      password: 'Learner@123',
    });
    await ok('admin', 'PUT', '/api/institute', { data: { registrationOpen: false } });
    assert.equal((await asVisitor('GET', '/api/institute')).json.data.registrationOpen, false);
    const closed = await asVisitor('POST', '/api/register', body('closed.door@example.test'));
    assert.equal(closed.status, 403, closed.text);
    assert.equal(
      closed.json.error.message,
      'Registration is closed. Ask your institute for an account.',
    );
    const signIn = await getServer().request('POST', '/api/login', {
      body: { email: 'closed.door@example.test', password: 'Learner@123' },
    });
    assert.equal(signIn.status, 400, 'no account was made');
    await ok('admin', 'PUT', '/api/institute', { data: { registrationOpen: true } });
    const open = await asVisitor('POST', '/api/register', body('open.door@example.test'));
    assert.equal(open.status, 200, open.text);
  };

  const graphql = async () => {
    const res = await roles.gql('admin', '{ institute { name } }');
    assert.ok(res.json?.errors?.length > 0, 'no GraphQL type for the settings');
  };

  return { signIn, readAndWrite, badInput, files, registration, graphql };
};

describe('institute settings on SQLite', () => {
  let server;
  const c = cases(() => server);
  before(async () => {
    server = await startServer();
    await c.signIn();
  });
  after(async () => {
    await server?.stop();
  });
  test('everyone reads; only administrators write; visitors see the public fields', () =>
    c.readAndWrite());
  test('bad input is a 400 naming the field, and changes nothing', () => c.badInput());
  test('logo and favicon: images by their bytes, small, never SVG; administrators only', () =>
    c.files());
  test('closing registration stops sign-ups; opening it again lets them in', () =>
    c.registration());
  test('nothing of it is reachable through GraphQL', () => c.graphql());
});

describe('institute settings on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let server;
  let db;
  const c = cases(() => server);
  before(async () => {
    db = await createSeededDatabase();
    server = await startServer({ databaseUrl: db.url });
    await c.signIn();
  });
  after(async () => {
    await server?.stop();
    await db?.drop();
  });
  test('read and write', () => c.readAndWrite());
  test('bad input changes nothing', () => c.badInput());
  test('registration closed and open', () => c.registration());
});

describe('sessions and profile (issue 24)', () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  const login = async () => {
    const res = await server.request('POST', '/api/login', {
      body: { email: 'faculty@demo.test', password: 'Faculty@12345' },
    });
    assert.equal(res.status, 200, res.text);
    return res.json.jwt;
  };
  const me = (token) => server.request('GET', '/api/users/me', { token });

  test('ends the other sessions of the account; this device goes on with a new token', async () => {
    const laptop = await login();
    // The next second: the phone's token is issued after any earlier stamp.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const phone = await login();
    const adminToken = (
      await server.request('POST', '/api/login', {
        body: { email: 'admin@demo.test', password: 'Admin@12345' },
      })
    ).json.jwt;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const ended = await server.request('POST', '/api/sessions/end-others', { token: phone });
    assert.equal(ended.status, 200, ended.text);
    assert.equal(typeof ended.json.jwt, 'string');
    assert.equal((await me(laptop)).status, 401);
    assert.equal((await me(phone)).status, 401, 'the old token of this device is replaced too');
    assert.equal((await me(ended.json.jwt)).status, 200);
    // Another account's sessions are untouched.
    assert.equal((await me(adminToken)).status, 200);
    // Signed out, or with the visitor token: refused.
    assert.ok(
      [401, 403].includes((await server.request('POST', '/api/sessions/end-others')).status),
    );
    const visitor = await server.request('POST', '/api/sessions/end-others', {
      token: server.env.VITE_DEFAULT_API_TOKEN,
    });
    assert.ok([401, 403].includes(visitor.status), visitor.text);
  });

  test('a person changes their own name and mobile; not their email; bad input changes nothing', async () => {
    const token = await login();
    const before = (await server.request('GET', '/api/profile', { token })).json.data;
    assert.equal(before.email, 'faculty@demo.test');
    assert.equal(before.role, 'faculty');
    assert.equal(before.hasMobile, true);
    const put = (data, as = token) =>
      server.request('PUT', '/api/profile', { token: as, body: { data } });
    const saved = await put({ name: 'Dr Meera Rao', mobile: '98765 43210', email: 'x@evil.test' });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.data.name, 'Dr Meera Rao');
    assert.equal(saved.json.data.mobile, '9876543210');
    assert.equal(saved.json.data.email, 'faculty@demo.test', 'the email is not changed here');
    for (const [data, pattern] of [
      [{ name: '' }, /Name is required/],
      [{ name: 'x'.repeat(101) }, /At most 100/],
      [{ name: 'Dr Meera Rao', mobile: '12' }, /mobile number/],
    ]) {
      const res = await put(data);
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.error.message, pattern);
    }
    const after = (await server.request('GET', '/api/profile', { token })).json.data;
    assert.deepEqual([after.name, after.mobile], ['Dr Meera Rao', '9876543210']);
    // An administrator has no person record: their username; a taken one is refused.
    const admin = (
      await server.request('POST', '/api/login', {
        body: { email: 'admin@demo.test', password: 'Admin@12345' },
      })
    ).json.jwt;
    const taken = await put({ name: 'faculty' }, admin);
    assert.equal(taken.status, 400, taken.text);
    const adminSaved = await put({ name: 'principal' }, admin);
    assert.equal(adminSaved.status, 200, adminSaved.text);
    assert.deepEqual(
      [adminSaved.json.data.name, adminSaved.json.data.hasMobile],
      ['principal', false],
    );
    // A learner's name and mobile live on their learner record (the seed's first learner).
    const learner = (
      await server.request('POST', '/api/login', {
        body: { email: 'student1@demo.test', password: 'Student@12345' },
      })
    ).json.jwt;
    const learnerBefore = (await server.request('GET', '/api/profile', { token: learner })).json
      .data;
    assert.deepEqual(
      [learnerBefore.name, learnerBefore.mobile, learnerBefore.hasMobile],
      ['Arjun Mehta', '9000000011', true],
    );
    const learnerSaved = await put({ name: 'Arjun K Mehta', mobile: '91234 56789' }, learner);
    assert.equal(learnerSaved.status, 200, learnerSaved.text);
    const learnerAfter = (await server.request('GET', '/api/profile', { token: learner })).json
      .data;
    assert.deepEqual([learnerAfter.name, learnerAfter.mobile], ['Arjun K Mehta', '9123456789']);
    // The language of the translated screens (issue 24): English until chosen; only the supported
    // ones; the language alone changes nothing else; a bad one changes nothing.
    assert.equal(after.language, 'en');
    const hindi = await put({ language: 'hi' });
    assert.equal(hindi.status, 200, hindi.text);
    assert.deepEqual(
      [hindi.json.data.language, hindi.json.data.name, hindi.json.data.mobile],
      ['hi', 'Dr Meera Rao', '9876543210'],
    );
    for (const language of ['fr', '', 'HI', 7, null]) {
      const res = await put({ language });
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.error.message, /language is one of: en, hi/);
    }
    const badWithName = await put({ name: 'Someone Else', language: 'xx' });
    assert.equal(badWithName.status, 400, badWithName.text);
    const kept = (await server.request('GET', '/api/profile', { token })).json.data;
    assert.deepEqual([kept.language, kept.name], ['hi', 'Dr Meera Rao']);
    // Another account keeps its own (the default).
    assert.equal(
      (await server.request('GET', '/api/profile', { token: admin })).json.data.language,
      'en',
    );
    // The column is private: the users-permissions answer does not carry it.
    assert.equal((await me(token)).json.language, undefined);
    assert.equal((await put({ name: 'Dr Meera Rao', language: 'en' })).json.data.language, 'en');
    // The time zone dates are shown in (issue 24): the institute's default (null) until chosen; an
    // IANA name only; null or "" go back to the default; a bad one is a 400 that changes nothing.
    assert.equal(after.timeZone, null);
    const zoned = await put({ timeZone: 'America/New_York' });
    assert.equal(zoned.status, 200, zoned.text);
    assert.deepEqual(
      [zoned.json.data.timeZone, zoned.json.data.language, zoned.json.data.name],
      ['America/New_York', 'en', 'Dr Meera Rao'],
    );
    for (const timeZone of ['Mars/Olympus', 'Asia/Kolkata; DROP', 7, 'x'.repeat(65), true]) {
      const res = await put({ timeZone });
      assert.equal(res.status, 400, res.text);
      assert.match(res.json.error.message, /time zone must be a time zone such as Asia\/Kolkata/);
    }
    const badZoneWithName = await put({ name: 'Someone Else', timeZone: 'Nowhere/Atall' });
    assert.equal(badZoneWithName.status, 400, badZoneWithName.text);
    const keptZone = (await server.request('GET', '/api/profile', { token })).json.data;
    assert.deepEqual([keptZone.timeZone, keptZone.name], ['America/New_York', 'Dr Meera Rao']);
    assert.equal((await me(token)).json.time_zone, undefined);
    assert.equal(
      (await server.request('GET', '/api/profile', { token: admin })).json.data.timeZone,
      null,
    );
    const withName = await put({ name: 'Dr Meera Rao', timeZone: 'Asia/Tokyo' });
    assert.equal(withName.json.data.timeZone, 'Asia/Tokyo');
    for (const timeZone of [null, '']) {
      assert.equal((await put({ timeZone: 'Asia/Tokyo' })).json.data.timeZone, 'Asia/Tokyo');
      const back = await put({ timeZone });
      assert.equal(back.status, 200, back.text);
      assert.equal(back.json.data.timeZone, null);
    }
    // Signed out or the visitor token: refused.
    assert.ok([401, 403].includes((await server.request('GET', '/api/profile')).status));
    const visitor = await server.request('PUT', '/api/profile', {
      token: server.env.VITE_DEFAULT_API_TOKEN,
      body: { data: { name: 'Visitor' } },
    });
    assert.ok([401, 403].includes(visitor.status), visitor.text);
  });
});
