/**
 * The rubric of a descriptive question (issue 27): criteria, each with levels that carry marks.
 * The faculty member picks one level per criterion instead of typing a mark; the question's mark
 * is the sum of the picked levels' marks (src/modules/mains/question-marks.ts). Checked here, on
 * every question write (REST, GraphQL), so a stored rubric always fits its question: the top
 * levels sum to exactly the question's points (docs/decisions.md, "Issue 27: rubrics").
 */

export const RUBRIC_CRITERIA_MAX = 10;
export const RUBRIC_LEVELS_MAX = 6;
export const RUBRIC_TEXT_MAX = 200;

export interface RubricLevel {
  label: string;
  marks: number;
}

export interface RubricCriterion {
  name: string;
  levels: RubricLevel[];
}

export interface Rubric {
  criteria: RubricCriterion[];
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

const textIn = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The highest marks one criterion gives. */
export const criterionTop = (c: RubricCriterion): number =>
  c.levels.reduce((top, l) => Math.max(top, l.marks), 0);

/** The most a rubric gives: the sum of each criterion's top level. */
export const rubricTotal = (rubric: Rubric): number =>
  round2(rubric.criteria.reduce((sum, c) => sum + criterionTop(c), 0));

/**
 * Checks a rubric sent for a question of `questionType` worth `points`. `null`/absent means no
 * rubric. `reasons` names every broken rule (empty when valid); `rubric` is the normalised value.
 */
export const checkRubric = (
  value: unknown,
  questionType: string,
  points: number,
): { rubric: Rubric | null; reasons: string[] } => {
  let input: unknown = value;
  if (typeof value === 'string') {
    try {
      input = value.trim() === '' ? null : JSON.parse(value);
    } catch {
      return { rubric: null, reasons: ['Rubric is not valid JSON'] };
    }
  }
  if (input === null || input === undefined) {
    return { rubric: null, reasons: [] };
  }
  const reasons: string[] = [];
  if (questionType !== 'Descriptive') {
    return { rubric: null, reasons: ['Only descriptive questions take a rubric'] };
  }
  const raw = (typeof input === 'object' ? (input as Record<string, unknown>).criteria : null) as
    unknown[] | null | undefined;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > RUBRIC_CRITERIA_MAX) {
    return {
      rubric: null,
      reasons: [`Rubric needs {criteria: [...]} with 1 to ${RUBRIC_CRITERIA_MAX} criteria`],
    };
  }
  const criteria: RubricCriterion[] = raw.map((item, i) => {
    const row = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const n = i + 1;
    const name = textIn(row.name);
    if (name === '') reasons.push(`Rubric criterion ${n} has no name`);
    if (name.length > RUBRIC_TEXT_MAX) {
      reasons.push(`Rubric criterion ${n}'s name is longer than ${RUBRIC_TEXT_MAX} characters`);
    }
    const levelsIn = row.levels;
    if (!Array.isArray(levelsIn) || levelsIn.length === 0 || levelsIn.length > RUBRIC_LEVELS_MAX) {
      reasons.push(`Rubric criterion ${n} needs 1 to ${RUBRIC_LEVELS_MAX} levels`);
      return { name, levels: [] };
    }
    const levels = levelsIn.map((lv: unknown, j) => {
      const l = (lv && typeof lv === 'object' ? lv : {}) as Record<string, unknown>;
      const label = textIn(l.label);
      if (label === '') reasons.push(`Rubric criterion ${n}, level ${j + 1} has no label`);
      if (label.length > RUBRIC_TEXT_MAX) {
        reasons.push(
          `Rubric criterion ${n}, level ${j + 1}'s label is longer than ${RUBRIC_TEXT_MAX} characters`,
        );
      }
      const marks = typeof l.marks === 'number' ? l.marks : Number(textIn(l.marks) || NaN);
      if (!Number.isFinite(marks) || marks < 0) {
        reasons.push(`Rubric criterion ${n}, level ${j + 1}'s marks must be a number, 0 or more`);
        return { label, marks: 0 };
      }
      return { label, marks: round2(marks) };
    });
    return { name, levels };
  });
  const rubric: Rubric = { criteria };
  if (reasons.length === 0 && rubricTotal(rubric) !== round2(points)) {
    reasons.push(
      `Rubric's top levels add up to ${rubricTotal(rubric)} but the question is worth ${points} points`,
    );
  }
  return { rubric: reasons.length === 0 ? rubric : null, reasons };
};

/** A stored rubric (SQLite: text, PostgreSQL: jsonb) as a value, null when none or unreadable. */
export const readRubric = (value: unknown): Rubric | null => {
  let input: unknown = value;
  if (typeof value === 'string') {
    try {
      input = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!input || typeof input !== 'object') return null;
  const criteria = (input as Record<string, unknown>).criteria;
  if (!Array.isArray(criteria) || criteria.length === 0) return null;
  return input as Rubric;
};
