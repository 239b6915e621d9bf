// Calls by role against a booted server: sign the demo accounts in under role names, then call,
// expect success, or query GraphQL as that role.
import assert from 'node:assert/strict';
import { signInDemo } from './server.mjs';

/**
 * `getServer` answers the server to call (a function, so a file can boot it in `before`).
 * `tokens` and `users` are filled by `signIn([[role, demoKey], …])`, or by hand.
 */
export function asRoles(getServer) {
  const tokens = {};
  const users = {};
  /** `on`: another server than getServer()'s; `headers`: extra request headers. */
  const call = (role, method, path, body, on = getServer(), headers = undefined) =>
    on.request(method, path, { token: tokens[role], body, headers });
  /** The call must succeed (2xx); answers the whole body (`data` with `meta`). */
  const okBody = async (role, method, path, body, on, headers) => {
    const res = await call(role, method, path, body, on, headers);
    assert.ok(
      res.status < 300,
      `${role} ${method} ${path}: ${res.status} ${res.text.slice(0, 400)}`,
    );
    return res.json;
  };
  /** The call must succeed (2xx); answers its `data` (or the whole body). */
  const ok = async (role, method, path, body, on, headers) => {
    const json = await okBody(role, method, path, body, on, headers);
    return json?.data ?? json;
  };
  const gql = (role, query, variables) =>
    call(role, 'POST', '/api/graphql', variables ? { query, variables } : { query });
  const signIn = (pairs) => signInDemo(getServer(), pairs, tokens, users);
  /** How many records a list `path` holds (its meta.pagination.total), read as `role`. */
  const total = async (path, role = 'admin') => {
    const res = await call(
      role,
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}pagination[pageSize]=1`,
    );
    assert.equal(res.status, 200, res.text);
    return res.json.meta.pagination.total;
  };
  return { tokens, users, call, ok, okBody, gql, signIn, total };
}

/**
 * A refused call: `status`, no data, the error's own status, and, when given, its message (a
 * string it equals or a RegExp it matches). Answers the error.
 */
export const expectError = (res, status, message) => {
  assert.equal(res.status, status, res.text.slice(0, 400));
  assert.equal(res.json?.data, null, res.text.slice(0, 400));
  assert.equal(res.json?.error?.status, status);
  if (message instanceof RegExp) assert.match(res.json.error.message, message);
  else if (message !== undefined) assert.equal(res.json.error.message, message);
  return res.json.error;
};
