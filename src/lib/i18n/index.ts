// The one i18n set-up (issue 24): i18next with English built in and the fallback; every other
// language is one folder of JSON files, one per namespace (src/locales/<language>/<ns>.json),
// loaded only when someone picks it, so a first visit in English never downloads it. Screens
// import `useTranslation` from here (not from react-i18next) so the instance is ready first.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import exam from '../../locales/en/exam.json';
import settings from '../../locales/en/settings.json';
import type { Resources } from './types';

export { useTranslation } from 'react-i18next';

/** The languages the screens ship in, each named in itself; English first (the default). */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((language) => language === value);

const english = { exam, settings } satisfies Resources;
const NAMESPACES = Object.keys(english);

// Every other language's files, as lazy chunks (one per file); English is already in.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/*.json',
  '!../../locales/en/*.json',
]);

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'exam',
  resources: { en: english },
  // Resources are given: ready at once, so the first render already has its text.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads a language's files once. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return;
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      if (i18next.hasResourceBundle(language, ns)) return;
      const load = loaders[`../../locales/${language}/${ns}.json`];
      // A namespace not translated yet falls back to English.
      if (!load) return;
      const { default: bundle } = await load();
      i18next.addResourceBundle(language, ns, bundle, true, true);
    }),
  );
}

/** The page's language, for screen readers and hyphenation (`<html lang>`). */
function markDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
markDocument(i18next.language);
i18next.on('languageChanged', markDocument);

/** Shows the translated screens in `language` (its files loaded first); unknown: English. */
export async function setLanguage(language: string | null | undefined): Promise<void> {
  const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (i18next.language === chosen) return;
  await loadLanguage(chosen);
  await i18next.changeLanguage(chosen);
}

export const currentLanguage = (): Language =>
  isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;

/** The translation function outside components (label helpers called while rendering). */
export const t = i18next.t.bind(i18next);

export const i18n = i18next;
