// The shape of the translations, taken from the English files (the source of the keys), so a
// key that does not exist is a type error and every language follows the same keys.
import type exam from '../../locales/en/exam.json';
import type settings from '../../locales/en/settings.json';

export interface Resources {
  exam: typeof exam;
  settings: typeof settings;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'exam';
    resources: Resources;
    returnNull: false;
  }
}
