// Issue 24: every language has the same keys as English (the source of the key types), the same
// {{values}} in each text, and no empty text; a language is one folder of files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, i18n, setLanguage } from '../../src/lib/i18n';

const root = path.resolve(__dirname, '../../src/locales');
type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...out, [name]: value }
      : { ...out, ...flatten(value, name) };
  }, {});

const read = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Tree);

const values = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the translation files', () => {
  const files = readdirSync(path.join(root, 'en'));

  it('one folder per supported language, with the same files', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(root, language)).sort()).toEqual([...files].sort());
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English key, the same values in each text, and nothing empty',
    (language) => {
      for (const file of files) {
        const english = read('en', file);
        const other = read(language, file);
        expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(english)) {
          expect(values(other[key] ?? ''), `${file} ${key}`).toEqual(values(text));
          expect(other[key]?.trim(), `${file} ${key}`).not.toBe('');
        }
      }
    },
  );

  it('Hindi is loaded on demand and an unknown language falls back to English', async () => {
    expect(i18n.hasResourceBundle('hi', 'exam')).toBe(false);
    await setLanguage('hi');
    expect(i18n.hasResourceBundle('hi', 'exam')).toBe(true);
    expect(i18n.t('player.submit')).toBe('टेस्ट जमा करें');
    expect(i18n.t('submit.savingFirst', { count: 2 })).toBe('पहले 2 उत्तर सहेजे जा रहे हैं…');
    await setLanguage('fr');
    expect(i18n.language).toBe('en');
    expect(i18n.t('submit.savingFirst', { count: 1 })).toBe('Saving 1 answer first…');
    expect(i18n.t('submit.savingFirst', { count: 2 })).toBe('Saving 2 answers first…');
  });
});
