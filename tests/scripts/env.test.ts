import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureEnvFile, generatedSecrets } from '../../scripts/lib/env.mjs';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-env-'));
  dirs.push(dir);
  return path.join(dir, '.env');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the first-start .env', () => {
  it('is created with every secret, readable only by its owner', () => {
    const file = tempFile();
    const { vars, created } = ensureEnvFile(file);
    expect(created.sort()).toEqual(Object.keys(generatedSecrets).sort());
    for (const name of Object.keys(generatedSecrets)) expect(vars[name]).toMatch(/\S{20,}/);
    expect(vars.APP_KEYS?.split(',')).toHaveLength(4);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('keeps the values it finds and fills only empty or missing ones', () => {
    const file = tempFile();
    writeFileSync(file, 'JWT_SECRET=mine\nAPP_KEYS=\nPORT=4000\n');
    const { vars, created } = ensureEnvFile(file);
    expect(vars.JWT_SECRET).toBe('mine');
    expect(vars.PORT).toBe('4000');
    expect(created).not.toContain('JWT_SECRET');
    expect(created).toContain('APP_KEYS');
    expect(readFileSync(file, 'utf8').match(/^APP_KEYS=/gm)).toHaveLength(1);
    expect(ensureEnvFile(file).created).toEqual([]);
  });
});
