// Calls by role against a booted server: sign the demo accounts in under role names, then call,
// expect success, or query GraphQL as that role.
import assert from 'node:assert/strict';
import { DEMO } from './server.mjs';

/**
 * `getServer` answers the server to call (a function, so a file can boot it in `before`).
 * `tokens` and `users` are filled by `signIn([[role, demoKey], …])`, or by hand.
 */
export function asRoles(getServer) {
  const tokens = {};
  const users = {};
  const call = (role, method, path, body, on = getServer()) =>
    on.request(method, path, { token: tokens[role], body });
  /** The call must succeed (2xx); answers its `data` (or the whole body). */
  const ok = async (role, method, path, body, on) => {
    const res = await call(role, method, path, body, on);
    assert.ok(
      res.status < 300,
      `${role} ${method} ${path}: ${res.status} ${res.text.slice(0, 400)}`,
    );
    return res.json?.data ?? res.json;
  };
  const gql = (role, query, variables) =>
    call(role, 'POST', '/api/graphql', variables ? { query, variables } : { query });
  const signIn = async (pairs) => {
    for (const [role, key] of pairs) {
      const res = await getServer().request('POST', '/api/login', {
        body: { email: DEMO[key].email, password: DEMO[key].password },
      });
      assert.equal(res.status, 200, res.text);
      tokens[role] = res.json.jwt;
      users[role] = res.json.user;
    }
  };
  return { tokens, users, call, ok, gql, signIn };
}
