/**
 * Writing the downloadable import templates (questions, people) under the public uploads folder
 * (served without signing in at /uploads/templates/…): rewritten when a file is missing or the
 * set's version changed, each file written atomically (several processes may boot at once).
 * Both template sets use this one writer (issue 19).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const TEMPLATE_DIR = ['uploads', 'templates'] as const;

const writeAtomically = async (path: string, data: Buffer | string): Promise<void> => {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
};

/** Writes one set of templates under `publicDir` when missing or out of date; true when it wrote. */
export const ensureTemplates = async (
  publicDir: string,
  set: {
    version: string;
    /** The file (in the templates folder) that remembers which version was written. */
    versionFile: string;
    files: ReadonlyArray<{ name: string; build: () => Buffer | Promise<Buffer> }>;
  },
): Promise<boolean> => {
  const dir = join(publicDir, ...TEMPLATE_DIR);
  const versionFile = join(dir, set.versionFile);
  const version = await readFile(versionFile, 'utf8').catch(() => '');
  if (version.trim() === set.version && set.files.every((f) => existsSync(join(dir, f.name)))) {
    return false;
  }
  await mkdir(dir, { recursive: true });
  for (const file of set.files) {
    await writeAtomically(join(dir, file.name), await file.build());
  }
  await writeAtomically(versionFile, set.version);
  return true;
};
