// Compiles the TypeScript app (config/ and src/ → dist/) when its sources changed since the last
// compile. Shared by serve.mjs (the server) and seed.mjs (the seed script).
// FORCE_COMPILE=true compiles even when dist/ looks up to date.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Newest modification time of a file or folder tree (folders count: deleting a file bumps them). */
const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
};

/** Returns the app context for createStrapi() and how long compiling took (0 when skipped). */
export const ensureCompiled = async (appDir) => {
  const require = createRequire(join(appDir, 'package.json'));
  const { compileStrapi } = require('@strapi/strapi');
  const distDir = join(appDir, 'dist');
  const stampFile = join(distDir, '.compiled-at');
  const upToDate =
    process.env.FORCE_COMPILE !== 'true' &&
    existsSync(stampFile) &&
    statSync(stampFile).mtimeMs >
      Math.max(
        ...['src', 'config', 'tsconfig.json', 'package.json'].map((p) =>
          newestMtime(join(appDir, p)),
        ),
      );
  if (upToDate) {
    return { appContext: { appDir, distDir }, compiledMs: 0 };
  }
  const started = Date.now();
  const appContext = await compileStrapi({ appDir });
  writeFileSync(stampFile, `${new Date().toISOString()}\n`);
  return { appContext, compiledMs: Date.now() - started };
};
