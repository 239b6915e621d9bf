// How a pool question is organised (issue 26, "Organising"): its difficulty and free tags, checked
// the same way for a form's PUT/POST (the document-service rule in test-rules.ts), a bulk edit and
// an import row. Subject and topic are relations to the product's own subjects and topics.

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** At most this many tags on a question, each at most this long (after trimming). */
export const TAG_LIMITS = { count: 20, length: 40 } as const;

/** The organising fields a pool question's writes may carry (besides subject and topic). */
export const ORGANISING_FIELDS = ['difficulty', 'tags'] as const;

export interface Checked<T> {
  value: T;
  reasons: string[];
}

/** A difficulty from input: easy, medium or hard (any case), or none when blank. */
export const checkDifficulty = (input: unknown): Checked<Difficulty | null> => {
  if (input === null || input === undefined || (typeof input === 'string' && !input.trim())) {
    return { value: null, reasons: [] };
  }
  const text = typeof input === 'string' ? input.trim().toLowerCase() : '';
  const found = DIFFICULTIES.find((level) => level === text);
  return found
    ? { value: found, reasons: [] }
    : { value: null, reasons: [`Difficulty must be one of ${DIFFICULTIES.join(', ')}`] };
};

/** The tags of a cell or a form: a list, or one text split on commas or semicolons. */
const tagList = (input: unknown): unknown[] | null => {
  if (input === null || input === undefined) return [];
  if (Array.isArray(input)) return input;
  if (typeof input === 'string') return input.split(/[,;]/);
  return null;
};

/**
 * Tags from input: trimmed, inner spaces folded, lower case, duplicates and blanks dropped; at
 * most TAG_LIMITS.count of at most TAG_LIMITS.length characters, else reasons (nothing kept).
 */
export const checkTags = (input: unknown): Checked<string[]> => {
  const list = tagList(input);
  if (list === null || !list.every((tag) => typeof tag === 'string')) {
    return { value: [], reasons: ['Tags must be a list of texts'] };
  }
  const tags = [
    ...new Set(
      (list as string[])
        .map((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase())
        .filter(Boolean),
    ),
  ];
  const reasons: string[] = [];
  const long = tags.filter((tag) => tag.length > TAG_LIMITS.length);
  if (long.length > 0) {
    reasons.push(
      `A tag may have at most ${TAG_LIMITS.length} characters (${long[0].slice(0, 50)})`,
    );
  }
  if (tags.length > TAG_LIMITS.count) {
    reasons.push(`A question may have at most ${TAG_LIMITS.count} tags`);
  }
  return { value: reasons.length > 0 ? [] : tags, reasons };
};

/** The present organising fields of a write, checked: values to store and reasons to refuse. */
export const checkOrganising = (
  data: Record<string, unknown>,
): Checked<Record<string, unknown>> => {
  const value: Record<string, unknown> = {};
  const reasons: string[] = [];
  if ('difficulty' in data) {
    const difficulty = checkDifficulty(data.difficulty);
    value.difficulty = difficulty.value;
    reasons.push(...difficulty.reasons);
  }
  if ('tags' in data) {
    const tags = checkTags(data.tags);
    value.tags = tags.value;
    reasons.push(...tags.reasons);
  }
  return { value, reasons };
};
