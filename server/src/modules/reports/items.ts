// Item analysis of an objective test (issue 22; each question type, issue 26): per question and
// chosen option one SQL
// aggregate row (counts, top and bottom groups, sums of totals), the figures computed from those.
// The rows come from the reports' summary when it can answer (modules/report-summary), else from
// every answer of the chosen results.
import { chosenCte, type Pick, type ReportScope, type ReportTest } from './scope';
import { sqlRows, toNumber, type Db } from '../../platform/db/sql';
import { pickedCount, summaryItemRows, summaryUsable } from '../report-summary';
import { kindOf, lettersOf, markAnswer, markedQuestionOf, numericRange } from '../exam';

const OPTIONS = ['a', 'b', 'c', 'd'] as const;
/** Share of learners in each of the top and bottom groups (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;

export type Flag = 'negative-discrimination' | 'too-hard' | 'too-easy' | 'unused-distractor';

export interface OptionCount {
  option: string;
  text: string;
  correct: boolean;
  count: number;
  top: number;
  bottom: number;
}

export interface Item {
  questionDocumentId: string;
  number: number;
  question: string;
  subject: { documentId: string; name: string } | null;
  correctAnswer: string;
  takers: number;
  correct: number;
  blank: number;
  markedImportant: number;
  facility: number | null;
  discrimination: number | null;
  pointBiserial: number | null;
  options: OptionCount[];
  flags: Flag[];
}

interface Cell {
  n: number;
  top: number;
  bottom: number;
  important: number;
  sum: number;
  squares: number;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** How many learners are in each of the top and bottom groups of `count`. */
export const groupSize = (count: number): number =>
  count === 0 ? 0 : Math.max(1, Math.round(count * GROUP_SHARE));

/**
 * Point-biserial r = (M1 − M0) / s × √(p·q): M1, M0 the mean totals of those right and not right
 * (blank counts as not right), s the population standard deviation of the takers' totals, p the
 * share right. The total includes this item. Null when everyone or nobody was right, or s = 0.
 */
const pointBiserial = (all: Cell, right: Cell): number | null => {
  const wrong = all.n - right.n;
  if (all.n === 0 || right.n === 0 || wrong === 0) {
    return null;
  }
  const mean = all.sum / all.n;
  const variance = all.squares / all.n - mean * mean;
  if (variance <= 1e-12) {
    return null;
  }
  const p = right.n / all.n;
  const m1 = right.sum / right.n;
  const m0 = (all.sum - right.sum) / wrong;
  return round3(((m1 - m0) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p)));
};

const EMPTY: Cell = { n: 0, top: 0, bottom: 0, important: 0, sum: 0, squares: 0 };

const add = (a: Cell, b: Cell): Cell => ({
  n: a.n + b.n,
  top: a.top + b.top,
  bottom: a.bottom + b.bottom,
  important: a.important + b.important,
  sum: a.sum + b.sum,
  squares: a.squares + b.squares,
});

/** The cells whose choices pass `test`, added up. */
const sumWhere = (cells: Map<string, Cell>, test: (choice: string) => boolean): Cell =>
  [...cells.entries()]
    .filter(([choice]) => choice !== '' && test(choice))
    .map(([, c]) => c)
    .reduce(add, EMPTY);

/**
 * The options of an item and how often each was chosen (issue 26): single correct as before; for
 * multiple correct, how many answers included each letter; true/false its two values; numeric none.
 */
const optionsOf = (
  q: Record<string, unknown>,
  key: string,
  cells: Map<string, Cell>,
): OptionCount[] => {
  const kind = kindOf(q.question_type as string | null);
  if (kind === 'numeric') {
    return [];
  }
  if (kind === 'truefalse') {
    return ['true', 'false'].map((o) => {
      const c = cells.get(o) ?? EMPTY;
      return {
        option: o,
        text: o === 'true' ? 'True' : 'False',
        correct: o === key,
        count: c.n,
        top: c.top,
        bottom: c.bottom,
      };
    });
  }
  const keyLetters = lettersOf(key);
  return OPTIONS.filter((o) => String(q[`option_${o}`] ?? '').trim() !== '').map((o) => {
    const c =
      kind === 'multiple'
        ? sumWhere(cells, (choice) => lettersOf(choice).has(o))
        : (cells.get(o) ?? EMPTY);
    return {
      option: o,
      text: String(q[`option_${o}`] ?? ''),
      correct: kind === 'multiple' ? keyLetters.has(o) : o === key,
      count: c.n,
      top: c.top,
      bottom: c.bottom,
    };
  });
};

const itemOf = (q: Record<string, unknown>, index: number, cells: Map<string, Cell>): Item => {
  const marked = markedQuestionOf(q);
  const range = kindOf(marked.question_type) === 'numeric' ? numericRange(marked) : null;
  const key =
    range && marked.answer_min !== null && marked.answer_min !== undefined
      ? `${range[0]}..${range[1]}`
      : String(q.correct_answer ?? '')
          .trim()
          .toLowerCase();
  const all = [...cells.values()].reduce(add, EMPTY);
  // Right: a choice that earns the full points (a partly right multiple answer is not).
  const right = sumWhere(cells, (choice) => markAnswer(marked, choice).outcome === 'correct');
  const facility = all.n > 0 ? round3(right.n / all.n) : null;
  const discrimination =
    all.top > 0 && all.bottom > 0 ? round3(right.top / all.top - right.bottom / all.bottom) : null;
  const options = optionsOf(q, key, cells);
  const flags: Flag[] = [];
  if (discrimination !== null && discrimination < 0) flags.push('negative-discrimination');
  if (facility !== null && facility < 0.1) flags.push('too-hard');
  if (facility !== null && facility > 0.95) flags.push('too-easy');
  if (all.n > 0 && options.some((o) => !o.correct && o.count === 0)) {
    flags.push('unused-distractor');
  }
  const subject = q.subject_document_id
    ? { documentId: String(q.subject_document_id), name: String(q.subject_name ?? '') }
    : null;
  return {
    questionDocumentId: String(q.document_id),
    number: index + 1,
    question: String(q.question ?? '').slice(0, 300),
    subject,
    correctAnswer: key,
    takers: all.n,
    correct: right.n,
    blank: cells.get('')?.n ?? 0,
    markedImportant: all.important,
    facility,
    discrimination,
    pointBiserial: pointBiserial(all, right),
    options,
    flags,
  };
};

/**
 * The test's questions (descriptive ones left out) with their subjects, in question order, and the
 * copies its random draws gave learners (issue 26, exam/draws.ts: one item per drawn question).
 */
const questionsOf = (db: Db, testId: number) =>
  sqlRows(
    db,
    `SELECT q.id, q.document_id, q.question, q.option_a, q.option_b, q.option_c, q.option_d,
       q.correct_answer, q.question_type, q.points_correct_answer, q.points_incorrect_answer,
       q.answer_tolerance, q.answer_min, q.answer_max, s.document_id AS subject_document_id,
       s.subject_name AS subject_name
     FROM questions q
     LEFT JOIN questions_subject_lnk qs ON qs.question_id = q.id
     LEFT JOIN subjects s ON s.id = qs.subject_id
     WHERE (q.id IN (SELECT qt.question_id FROM questions_test_lnk qt WHERE qt.test_id = ?)
         OR q.draw_test_id = ?)
       AND LOWER(COALESCE(q.question_type, '')) <> 'descriptive'
     ORDER BY q.id`,
    [testId, testId],
  );

/**
 * The rows from scratch: every answer of the chosen results, through the link tables (what the
 * summary answers without; still the way for a batch's or a faculty member's own learners).
 */
const scratchRows = async (
  db: Db,
  test: ReportTest,
  scope: ReportScope,
  pick: Pick,
): Promise<{ learners: number; size: number; rows: Record<string, unknown>[] }> => {
  const cte = chosenCte(test.id, scope, pick);
  const [counted] = await sqlRows(db, `WITH ${cte.sql} SELECT COUNT(*) AS n FROM chosen`, [
    ...cte.bindings,
  ]);
  const learners = Number(counted?.n ?? 0);
  const size = groupSize(learners);
  const choice = "LOWER(TRIM(COALESCE(an.selected_answer, '')))";
  const rows = await sqlRows(
    db,
    `WITH ${cte.sql}, ranked AS (
       SELECT c.attempt_id, c.total,
         ROW_NUMBER() OVER (ORDER BY c.total DESC, c.result_id ASC) AS pos FROM chosen c)
     SELECT aq.question_id AS question_id, ${choice} AS choice, COUNT(*) AS n,
       SUM(CASE WHEN k.pos <= ? THEN 1 ELSE 0 END) AS top,
       SUM(CASE WHEN k.pos > ? THEN 1 ELSE 0 END) AS bottom,
       SUM(CASE WHEN an.mark_as_important = ? THEN 1 ELSE 0 END) AS important,
       SUM(k.total) AS total_sum, SUM(k.total * k.total) AS total_squares
     FROM ranked k
     JOIN answers_attempt_lnk aa ON aa.attempt_id = k.attempt_id
     JOIN answers an ON an.id = aa.answer_id
     JOIN answers_question_lnk aq ON aq.answer_id = an.id
     GROUP BY aq.question_id, ${choice}`,
    [...cte.bindings, size, learners - size, true],
  );
  return { learners, size, rows };
};

/**
 * The rows from the summary (modules/report-summary) when it answers for the test: every learner
 * of the test (an administrator, or faculty assigned to the test), nothing queued it cannot fold
 * at once. A batch's or a faculty member's own learners: from scratch (the counters are per test).
 */
const summaryRows = async (db: Db, test: ReportTest, scope: ReportScope, pick: Pick) => {
  if (scope.facultyId !== null || scope.batchId !== null) return null;
  if (!(await summaryUsable(db, test.id, pick))) return null;
  const learners = await pickedCount(db, test.id, pick);
  const size = groupSize(learners);
  const rows = await summaryItemRows(db, test.id, pick, learners, size);
  return { learners, size, rows: rows as unknown as Record<string, unknown>[] };
};

/**
 * Per question of the test (descriptive ones left out): the figures over the chosen result of
 * each learner in scope. Learners are ordered by total (ties: the earlier result first); the top
 * group is the first `groupSize` of them, the bottom group the last.
 */
export const itemAnalysis = async (
  db: Db,
  test: ReportTest,
  scope: ReportScope,
  pick: Pick,
  { fromScratch = false }: { fromScratch?: boolean } = {},
): Promise<{ learners: number; groupSize: number; items: Item[] }> => {
  const [questions, counted] = await Promise.all([
    questionsOf(db, test.id),
    (fromScratch ? null : await summaryRows(db, test, scope, pick)) ??
      scratchRows(db, test, scope, pick),
  ]);
  const { learners, size, rows } = counted;
  const byQuestion = new Map<number, Map<string, Cell>>();
  for (const r of rows) {
    const cells = byQuestion.get(Number(r.question_id)) ?? new Map<string, Cell>();
    cells.set(String(r.choice ?? ''), {
      n: Number(r.n),
      top: Number(r.top ?? 0),
      bottom: Number(r.bottom ?? 0),
      important: Number(r.important ?? 0),
      sum: toNumber(r.total_sum) ?? 0,
      squares: toNumber(r.total_squares) ?? 0,
    });
    byQuestion.set(Number(r.question_id), cells);
  }
  return {
    learners,
    groupSize: size,
    items: questions.map((q, i) => itemOf(q, i, byQuestion.get(Number(q.id)) ?? new Map())),
  };
};
