/**
 * What a test's random draws mean, checked when staff save the test (issue 26, "Random draws";
 * the shape is exam/draw-rule.ts's). Each draw's filters go through the pool list's own rules
 * (poolFiltersOf: the same names and values as GET /api/questionPool-search), a named subject or
 * topic must exist, a descriptive type is refused (a Prelims attempt does not mark it), enough pool
 * questions must match now, and the draws' marks must fit the test's maximum marks. Any refusal is
 * a 400 naming the section, and the save writes nothing.
 */
import { errors } from '@strapi/utils';
import { type Db, sqlRows } from '../../platform/db/sql';
import { countDrawMatches, type DrawFilters, drawnMarks, type SectionDef } from '../exam';
import { poolFiltersOf } from './pool-list';

const refuse = (message: string): never => {
  throw new errors.ValidationError(message);
};

/** The filters as the pool list reads them (normalised; a ValidationError otherwise). */
const normalised = (f: DrawFilters, at: string): DrawFilters => {
  let checked;
  try {
    checked = poolFiltersOf({ ...f });
  } catch (error) {
    return refuse(`${at}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (checked.type === 'Descriptive') {
    refuse(`${at}: a draw cannot take descriptive questions (they are not marked in the test).`);
  }
  return {
    type: checked.type,
    subject: checked.subject,
    topic: checked.topic,
    difficulty: checked.difficulty,
    tag: checked.tag,
  };
};

const known = async (db: Db, table: string, documentId: string | null): Promise<boolean> =>
  documentId === null ||
  documentId === 'none' ||
  (await sqlRows(db, `SELECT id FROM ${table} WHERE document_id = ? LIMIT 1`, [documentId]))
    .length > 0;

/**
 * The sections with their draws' filters normalised; 400 when a draw is not what it can mean
 * (`maximum`: the test's maximum marks after the save, null when none).
 */
export const checkDraws = async (
  db: Db,
  sections: SectionDef[] | null,
  maximum: number | null,
): Promise<SectionDef[] | null> => {
  if (!sections) return sections;
  const out: SectionDef[] = [];
  // Draws with the same filters share their pool questions (an attempt never gets one twice).
  const sameFilters = new Map<string, { count: number; matches: number }>();
  for (const def of sections) {
    if (!def.draw) {
      out.push(def);
      continue;
    }
    const at = `Section ${def.name}, draw`;
    const filters = normalised(def.draw.filters, at);
    if (!(await known(db, 'subjects', filters.subject))) refuse(`${at}: unknown subject.`);
    if (!(await known(db, 'topics', filters.topic))) refuse(`${at}: unknown topic.`);
    const matches = await countDrawMatches(db, filters);
    if (matches < def.draw.count) {
      refuse(
        `${at}: ${def.draw.count} questions to draw but only ${matches} pool question${matches === 1 ? '' : 's'} match these filters now. Draw fewer or widen the filters.`,
      );
    }
    const key = JSON.stringify(filters);
    const shared = sameFilters.get(key) ?? { count: 0, matches };
    shared.count += def.draw.count;
    sameFilters.set(key, shared);
    if (shared.count > matches) {
      refuse(
        `${at}: the sections drawing with these filters take ${shared.count} questions but only ${matches} pool questions match now.`,
      );
    }
    out.push({ ...def, draw: { ...def.draw, filters } });
  }
  const marks = drawnMarks(out.map((d) => d.draw));
  if (maximum !== null && marks > maximum + 1e-9) {
    refuse(`The draws are worth ${marks} marks, more than the test's maximum marks (${maximum}).`);
  }
  return out;
};
