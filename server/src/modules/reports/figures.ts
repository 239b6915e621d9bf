// Plain figures of a set of totals, from their counts (value → how many learners): what SQL's
// GROUP BY hands back, a row per distinct total, never a row per learner or answer.
import { round2 } from '../exam';

export interface Tally {
  value: number;
  n: number;
}

export interface Bin {
  from: number;
  to: number;
  count: number;
}

export interface Summary {
  count: number;
  mean: number | null;
  median: number | null;
  standardDeviation: number | null;
  highest: number | null;
  lowest: number | null;
  passRate: number | null;
  scoreDistribution: Bin[];
  timeDistribution: Bin[];
}

export const BINS = 10;

/** The k-th (0-based) value of the sorted tallies. */
const kth = (sorted: Tally[], k: number): number => {
  let seen = 0;
  for (const t of sorted) {
    seen += t.n;
    if (k < seen) {
      return t.value;
    }
  }
  return sorted[sorted.length - 1].value;
};

/** Ten equal bins from 0 to `max`; a value at `max` (or above) is in the last, below 0 in the first. */
export const binsOf = (tallies: Tally[], max: number): Bin[] => {
  const width = max > 0 ? max / BINS : 1;
  const bins = Array.from({ length: BINS }, (_, i) => ({
    from: round2(i * width),
    to: round2((i + 1) * width),
    count: 0,
  }));
  for (const t of tallies) {
    const i = Math.min(BINS - 1, Math.max(0, Math.floor(t.value / width + 1e-9)));
    bins[i].count += t.n;
  }
  return bins;
};

/** Count, mean, median, population standard deviation, highest, lowest of tallied totals. */
export const describe = (
  tallies: Tally[],
): Pick<Summary, 'count' | 'mean' | 'median' | 'standardDeviation' | 'highest' | 'lowest'> => {
  const sorted = [...tallies].sort((a, b) => a.value - b.value);
  const count = sorted.reduce((s, t) => s + t.n, 0);
  if (count === 0) {
    return {
      count,
      mean: null,
      median: null,
      standardDeviation: null,
      highest: null,
      lowest: null,
    };
  }
  const mean = sorted.reduce((s, t) => s + t.value * t.n, 0) / count;
  const variance = sorted.reduce((s, t) => s + t.n * (t.value - mean) ** 2, 0) / count;
  const median =
    count % 2 === 1
      ? kth(sorted, (count - 1) / 2)
      : (kth(sorted, count / 2 - 1) + kth(sorted, count / 2)) / 2;
  return {
    count,
    mean: round2(mean),
    median: round2(median),
    standardDeviation: round2(Math.sqrt(variance)),
    highest: sorted[sorted.length - 1].value,
    lowest: sorted[0].value,
  };
};

export const STATISTICS_NOTES = {
  count: 'Count: how many learners have a completed result counted here (one result each).',
  mean: 'Mean: the average total score.',
  median: 'Median: the middle total score; half the learners scored at most this.',
  standardDeviation: 'Standard deviation: how far totals typically lie from the mean.',
  highest: 'Highest: the best total score.',
  lowest: 'Lowest: the lowest total score.',
  passRate: 'Pass rate: the share of learners who passed (null when the test has no pass mark).',
  scoreDistribution: 'Score distribution: how many totals fall in each tenth of the maximum marks.',
  timeDistribution: 'Time taken: how many learners took how long, in ten equal time bands.',
} as const;

export const ITEM_NOTES = {
  facility: 'Facility: the share of learners who answered correctly (1 = everyone).',
  discrimination:
    'Discrimination: the share correct in the top 27 % of learners by total minus the bottom 27 %.',
  pointBiserial:
    'Point-biserial: how closely answering this correctly goes with a high total (-1 to 1).',
  options: 'Options: how often each option was chosen, overall and in the top and bottom groups.',
  blank: 'Blank: how many learners left the question unanswered.',
  markedImportant: 'Marked important: how many learners flagged the question while answering.',
  flags:
    'Flags: negative-discrimination, too-hard (facility under 0.10), too-easy (over 0.95), unused-distractor (an option nobody chose).',
} as const;
