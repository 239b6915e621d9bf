/**
 * Sections with their own timers (issue 23), the pure part: the test's definition (`sections`, a
 * list of { name, minutes, subjects }), its checks, the plan an attempt keeps from its start, and
 * the clock arithmetic that moves an attempt from one section to the next. No database here:
 * sections.ts reads and writes the rows, the start, the read, the save and the move call this.
 *
 * Why a plan stored on the attempt (like the shuffle seed): staff editing the test's sections later
 * must not change an attempt already running, and the learner's section times (with their extra
 * time) are fixed when the clock starts.
 *
 * The clock: a section's time runs only while it is the current one ("its own time", in both
 * orders). `left` keeps what a section has not used; the current section ends at
 * attempt.section_ends_at. When that time passes, the next section opens AT that time (never at
 * the moment a request happens to notice it), so the server's answer does not depend on whether
 * the learner's browser was there.
 */
import { HttpError } from '../../platform/http/errors';
import { type DrawRule, parseDrawRule } from './draw-rule';

/** A section of a test as staff define it. */
export interface SectionDef {
  name: string;
  minutes: number;
  /** Subject names (SubjectName) whose questions are in this section. */
  subjects: string[];
  /** Issue 26: questions drawn at random from the pool for each learner (draw-rule.ts). */
  draw?: DrawRule;
}

/** A section of one attempt. */
export interface PlannedSection {
  name: string;
  /** Its whole own time (with the learner's extra time), ms. */
  ms: number;
  /** What it has not used yet, ms (for the current section: as of when it opened). */
  left: number;
  opened: string | null;
  closed: string | null;
}

export interface SectionPlan {
  fixed: boolean;
  list: PlannedSection[];
}

/** The attempt's section columns (null without sections). */
export interface SectionCursor {
  index: number;
  endsAt: Date;
  /** Saves for the section before the current one are kept until then (it closed by time). */
  graceUntil: Date | null;
}

export const MAX_SECTIONS = 20;
const MAX_NAME = 80;
const MAX_SUBJECTS = 50;

const field = (i: number, name: string): string => `sections[${i}].${name}`;

/**
 * The `sections` field of a test as written by staff: null (or an empty list) = no sections,
 * today's behaviour. Anything else must be a list of { name, minutes, subjects }; 400 naming the
 * field otherwise. Returns the normalised list.
 */
export const parseSectionDefs = (value: unknown): SectionDef[] | null => {
  if (value === null || value === undefined) {
    return null;
  }
  if (!Array.isArray(value)) {
    throw new HttpError(400, 'sections must be a list of { name, minutes, subjects } or null.');
  }
  if (value.length === 0) {
    return null;
  }
  if (value.length > MAX_SECTIONS) {
    throw new HttpError(400, `sections: at most ${MAX_SECTIONS} sections.`);
  }
  const seen = new Set<string>();
  return value.map((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new HttpError(400, `sections[${i}]: each section is an object.`);
    }
    const s = raw as Record<string, unknown>;
    const name = typeof s.name === 'string' ? s.name.trim() : '';
    if (name === '' || name.length > MAX_NAME) {
      throw new HttpError(400, `${field(i, 'name')}: enter a name of 1 to ${MAX_NAME} characters.`);
    }
    const minutes = s.minutes;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes <= 0) {
      throw new HttpError(400, `${field(i, 'minutes')}: a whole number of minutes above 0.`);
    }
    const subjects = s.subjects;
    if (
      !Array.isArray(subjects) ||
      subjects.length > MAX_SUBJECTS ||
      subjects.some((x) => typeof x !== 'string' || x.trim() === '' || x.length > MAX_NAME)
    ) {
      throw new HttpError(
        400,
        `${field(i, 'subjects')}: a list of subject names (at most ${MAX_SUBJECTS}).`,
      );
    }
    const names = subjects.map((x: string) => x.trim());
    for (const subject of names) {
      if (seen.has(subject)) {
        throw new HttpError(
          400,
          `${field(i, 'subjects')}: ${subject} is already in another section (a question is in exactly one section).`,
        );
      }
      seen.add(subject);
    }
    const draw = parseDrawRule(s.draw, field(i, 'draw'));
    return draw ? { name, minutes, subjects: names, draw } : { name, minutes, subjects: names };
  });
};

/** The defs stored on a test (json: an object on PostgreSQL, a string on SQLite), or null. */
export const storedSectionDefs = (value: unknown): SectionDef[] | null => {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  try {
    return parseSectionDefs(parsed);
  } catch {
    return null;
  }
};

/** The section of a question by its subject name; -1 when no section lists it. */
export const sectionOfSubject = (defs: SectionDef[], subject: string | null): number =>
  subject === null ? -1 : defs.findIndex((d) => d.subjects.includes(subject));

/**
 * What a test with sections lacks before it can be published (empty: ready). Every question in
 * exactly one section (by its subject), no empty section, and the section minutes adding up to
 * the test's duration: the overall clock and the section clocks then end together.
 */
export const sectionProblems = (
  defs: SectionDef[],
  duration: number | null,
  questionSubjects: Array<string | null>,
): string[] => {
  const problems: string[] = [];
  const sum = defs.reduce((total, d) => total + d.minutes, 0);
  if (duration !== null && duration > 0 && sum !== duration) {
    problems.push(`section minutes adding up to the duration (${sum} ≠ ${duration})`);
  }
  const outside = new Set<string>();
  const used = new Set<number>();
  for (const subject of questionSubjects) {
    const index = sectionOfSubject(defs, subject);
    if (index < 0) outside.add(subject ?? 'no subject');
    else used.add(index);
  }
  if (outside.size > 0) {
    problems.push(`a section for every question (none lists ${[...outside].join(', ')})`);
  }
  // A section that draws from the pool has questions whatever the test's own questions are.
  const empty = defs.filter((d, i) => !used.has(i) && !d.draw).map((d) => d.name);
  const drawing = defs.some((d) => d.draw);
  if ((questionSubjects.length > 0 || drawing) && empty.length > 0) {
    problems.push(`questions in every section (${empty.join(', ')} has none)`);
  }
  return problems;
};

/**
 * The plan of a new attempt: each section's share of the learner's duration in proportion to its
 * minutes (so extra time extends every section alike; the last one takes the rounding).
 */
export const newPlan = (
  defs: SectionDef[],
  fixed: boolean,
  durationMs: number,
  start: Date,
): SectionPlan => {
  const sum = defs.reduce((total, d) => total + d.minutes, 0);
  let given = 0;
  const list = defs.map((d, i) => {
    const ms =
      i === defs.length - 1 ? durationMs - given : Math.round((durationMs * d.minutes) / sum);
    given += ms;
    return { name: d.name, ms, left: ms, opened: null, closed: null } as PlannedSection;
  });
  const first = list[0];
  if (first) first.opened = start.toISOString();
  return { fixed, list };
};

/** The plan stored on an attempt, or null (no sections). */
export const storedPlan = (value: unknown): SectionPlan | null => {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const plan = parsed as SectionPlan;
  return Array.isArray(plan.list) && plan.list.length > 0 ? plan : null;
};

/** The section after `index` that may open, or -1: fixed order the next one, free order the next with time left. */
export const nextSection = (plan: SectionPlan, index: number): number => {
  const n = plan.list.length;
  if (plan.fixed) return index + 1 < n ? index + 1 : -1;
  for (let step = 1; step < n; step += 1) {
    const i = (index + step) % n;
    if ((plan.list[i]?.left ?? 0) > 0) return i;
  }
  return -1;
};

export interface Moved {
  plan: SectionPlan;
  cursor: SectionCursor;
  /** Fixed order: the attempt ends when the remaining sections' time is used (null: unchanged). */
  expiresAt: Date | null;
}

/** Closes the current section at `at` with `left` ms unused and opens `to` at `at`. */
const open = (plan: SectionPlan, from: number, to: number, at: Date, left: number): Moved => {
  const list = plan.list.map((s) => ({ ...s }));
  const closing = list[from] as PlannedSection;
  closing.left = plan.fixed ? 0 : left;
  if (closing.left === 0) closing.closed = at.toISOString();
  const opening = list[to] as PlannedSection;
  opening.opened = opening.opened ?? at.toISOString();
  const endsAt = new Date(at.getTime() + opening.left);
  const remaining = list.slice(to).reduce((total, s) => total + s.left, 0);
  return {
    plan: { ...plan, list },
    cursor: { index: to, endsAt, graceUntil: null },
    expiresAt: plan.fixed ? new Date(at.getTime() + remaining) : null,
  };
};

/**
 * The sections as the server's clock has them at `now`: every section whose time ended is closed
 * and the next one opened at that end (several, after a long absence). Null when nothing changed.
 * The section before the current one keeps a grace for saves sent in its last moments.
 */
export const byClock = (
  plan: SectionPlan,
  cursor: SectionCursor,
  now: Date,
  graceMs: number,
): Moved | null => {
  let moved: Moved | null = null;
  let current = { plan, cursor };
  while (current.cursor.endsAt.getTime() <= now.getTime()) {
    const to = nextSection(current.plan, current.cursor.index);
    if (to < 0) break; // the last section: the attempt's own expiry closes it
    const end = current.cursor.endsAt;
    const step = open(current.plan, current.cursor.index, to, end, 0);
    // The save's condition knows the section before the current one only (save.ts): a free
    // order jump over an exhausted section gets no grace rather than one for the wrong section.
    step.cursor.graceUntil =
      to === current.cursor.index + 1 ? new Date(end.getTime() + graceMs) : null;
    step.expiresAt = null; // by the clock, the overall end stays where it is
    moved = step;
    current = step;
  }
  return moved;
};

/**
 * The learner's move to section `to` at `now` (after byClock). Fixed order: only to the next
 * section; the rest of the closed section's time is given up (it cannot be reopened), so the
 * attempt's end comes forward. Free order: to any section with time left; the section left keeps
 * its unused time.
 */
export const byLearner = (
  plan: SectionPlan,
  cursor: SectionCursor,
  to: number,
  now: Date,
): Moved => {
  const n = plan.list.length;
  if (!Number.isInteger(to) || to < 0 || to >= n) {
    throw new HttpError(400, `section must be a whole number from 0 to ${n - 1}.`);
  }
  if (plan.fixed) {
    if (to < cursor.index) {
      throw new HttpError(409, 'This section is closed: a closed section cannot be reopened.');
    }
    if (to > cursor.index + 1) {
      throw new HttpError(409, 'Sections open in order: finish the current section first.');
    }
  } else if ((plan.list[to]?.left ?? 0) <= 0 && to !== cursor.index) {
    throw new HttpError(409, "This section's time is over.");
  }
  const left = Math.max(0, cursor.endsAt.getTime() - now.getTime());
  return open(plan, cursor.index, to, now, left);
};

export type SectionState = 'current' | 'closed' | 'available' | 'upcoming';

/** What the learner's player gets: the sections, their states and clocks. */
export const sectionView = (plan: SectionPlan, cursor: SectionCursor, now: Date) => ({
  fixedOrder: plan.fixed,
  current: cursor.index,
  currentEndsAt: cursor.endsAt.toISOString(),
  list: plan.list.map((s, i) => {
    const state: SectionState =
      i === cursor.index
        ? 'current'
        : s.left <= 0 || (plan.fixed && i < cursor.index)
          ? 'closed'
          : plan.fixed
            ? 'upcoming'
            : 'available';
    return {
      name: s.name,
      minutes: Math.round(s.ms / 600) / 100,
      state,
      leftSeconds:
        i === cursor.index
          ? Math.max(0, Math.round((cursor.endsAt.getTime() - now.getTime()) / 1000))
          : Math.round(s.left / 1000),
    };
  }),
});

export type SectionView = ReturnType<typeof sectionView>;
