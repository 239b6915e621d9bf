// No two routes of the API answer the same method and path (issue 19, "one door per call"). Strapi
// registers an API's route files in name order, custom files (`01-custom-*.ts`) before the core
// router; when two share a method and a path, the first one answers and the second is dead code
// (or, worse, a second door with other rules). Custom routes are read from the compiled route
// files; the core router's routes follow Strapi's contract from each content type's schema:
// a collection type has GET/POST /<plural> and GET/PUT/DELETE /<plural>/:id, a single type
// GET/PUT/DELETE /<singular>.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { ensureCompiled } from '../scripts/lib/compile.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const apiSource = join(serverDir, 'src/api');
const apiCompiled = join(serverDir, 'dist/src/api');

before(async () => {
  await ensureCompiled(serverDir);
});

/** `/answers/:documentId` and `/answers/:id` are the same path to the router. */
const normalPath = (path) => path.replace(/:[A-Za-z_]\w*/g, ':param').replace(/\/+$/, '') || '/';

const coreRoutes = (api) => {
  const typesDir = join(apiSource, api, 'content-types');
  if (!existsSync(typesDir)) return [];
  return readdirSync(typesDir).flatMap((type) => {
    const schema = JSON.parse(readFileSync(join(typesDir, type, 'schema.json'), 'utf8'));
    const { singularName, pluralName } = schema.info;
    if (schema.kind === 'singleType') {
      return ['GET', 'PUT', 'DELETE'].map((method) => ({ method, path: `/${singularName}` }));
    }
    return [
      { method: 'GET', path: `/${pluralName}` },
      { method: 'POST', path: `/${pluralName}` },
      { method: 'GET', path: `/${pluralName}/:id` },
      { method: 'PUT', path: `/${pluralName}/:id` },
      { method: 'DELETE', path: `/${pluralName}/:id` },
    ];
  });
};

/** Every route of every API: [{ method, path, where }]. */
export const allRoutes = () =>
  readdirSync(apiCompiled).flatMap((api) => {
    const routesDir = join(apiCompiled, api, 'routes');
    if (!existsSync(routesDir)) return [];
    return readdirSync(routesDir)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => {
        const exported = require(join(routesDir, file));
        const router = exported.default ?? exported;
        let routes;
        try {
          routes = router.routes;
        } catch {
          // A core router (factories.createCoreRouter) builds its routes from the running app.
          return coreRoutes(api).map((route) => ({ ...route, where: `${api}/routes/${file}` }));
        }
        return routes.map(({ method, path }) => ({ method, path, where: `${api}/routes/${file}` }));
      });
  });

/** The pairs of routes that share a method and a path. */
export const collisions = (routes) => {
  const seen = new Map();
  const found = [];
  for (const route of routes) {
    const key = `${route.method.toUpperCase()} ${normalPath(route.path)}`;
    const first = seen.get(key);
    if (first) found.push(`${key}: ${first.where} and ${route.where}`);
    else seen.set(key, route);
  }
  return found;
};

test('every API has routes, and no two routes share a method and a path', () => {
  const routes = allRoutes();
  assert.ok(routes.length > 100, `only ${routes.length} routes found`);
  assert.ok(routes.some((r) => r.method === 'PUT' && r.path === '/answers/:id'));
  assert.ok(routes.some((r) => r.method === 'POST' && r.path === '/test/prelims/initialize'));
  assert.deepEqual(collisions(routes), []);
});

test('the check finds a collision when there is one', () => {
  const routes = [
    { method: 'PUT', path: '/answers/:id', where: 'answer/routes/answer.js' },
    { method: 'put', path: '/answers/:documentId/', where: 'answer/routes/01-lean-save.js' },
    { method: 'GET', path: '/answers/:id', where: 'answer/routes/answer.js' },
  ];
  assert.deepEqual(collisions(routes), [
    'PUT /answers/:param: answer/routes/answer.js and answer/routes/01-lean-save.js',
  ]);
});
