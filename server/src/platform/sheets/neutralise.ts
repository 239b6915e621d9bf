/**
 * A text a spreadsheet would read as a formula (= + - @, tab, CR) gets a leading apostrophe: the
 * one rule of every .xlsx the server writes (people, attendance, results).
 */
export const neutralise = (value: string | null | undefined): string => {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** A file name from a record's name: safe characters only, at most 80 of them. */
export const sheetFileName = (prefix: string, name: string, fallback: string): string =>
  `${prefix}-${
    name
      .replace(/[^\w .()-]+/g, '_')
      .trim()
      .slice(0, 80) || fallback
  }.xlsx`;
