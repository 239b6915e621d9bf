// The test form's rules, mirroring the server's: a name; when given, a positive whole duration and
// positive maximum marks, ValidTo after ValidFrom, and a pass mark within the maximum (or at most
// 100 per cent). A test may be drafted with just its name and completed later. The rules of the
// name, duration and maximum marks are an assignment's too (validateWorkBasics).
import type { PassMarkUnit } from './testTypes';

/** The fields a test and an assignment share, as typed. */
export interface WorkBasicsValues {
  name: string;
  duration: string;
  maximumMarks: string;
}

export type WorkBasicsProblems = Partial<Record<keyof WorkBasicsValues, string>>;

export interface TestFormValues extends WorkBasicsValues {
  validFrom: string;
  validTo: string;
  passMark: string;
  passMarkUnit: PassMarkUnit;
  /** Attempts allowed per learner: a whole number, 0 = unlimited. */
  maxAttempts?: string;
}

export type TestFormProblems = Partial<
  Record<'name' | 'duration' | 'validTo' | 'maximumMarks' | 'passMark' | 'maxAttempts', string>
>;

const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * A name ("Enter the test name." with noun "test"); when given, a duration in whole minutes above
 * 0 and maximum marks above 0.
 */
export function validateWorkBasics(values: WorkBasicsValues, noun: string): WorkBasicsProblems {
  const problems: WorkBasicsProblems = {};
  if (!values.name.trim()) problems.name = `Enter the ${noun} name.`;
  const duration = numberOf(values.duration);
  if (duration !== null && (!Number.isFinite(duration) || duration <= 0)) {
    problems.duration = 'Enter a duration above 0 minutes.';
  } else if (duration !== null && !Number.isInteger(duration)) {
    problems.duration = 'Enter the duration in whole minutes.';
  }
  const maximum = numberOf(values.maximumMarks);
  if (maximum !== null && (!Number.isFinite(maximum) || maximum <= 0)) {
    problems.maximumMarks = 'Enter maximum marks above 0.';
  }
  return problems;
}

export function validateTest(values: TestFormValues): TestFormProblems {
  const problems: TestFormProblems = validateWorkBasics(values, 'test');
  const maximum = numberOf(values.maximumMarks);
  const pass = numberOf(values.passMark);
  if (pass !== null) {
    if (!Number.isFinite(pass) || pass < 0) {
      problems.passMark = 'Enter a pass mark of 0 or more.';
    } else if (values.passMarkUnit === 'percent' && pass > 100) {
      problems.passMark = 'A pass mark in per cent cannot be above 100.';
    } else if (
      values.passMarkUnit === 'marks' &&
      maximum !== null &&
      Number.isFinite(maximum) &&
      pass > maximum
    ) {
      problems.passMark = 'The pass mark cannot be above the maximum marks.';
    }
  }
  const attempts = numberOf(values.maxAttempts ?? '');
  if (attempts !== null && (!Number.isInteger(attempts) || attempts < 0)) {
    problems.maxAttempts = 'Enter a whole number of attempts (0 for unlimited).';
  }
  if (values.validFrom && values.validTo) {
    if (new Date(values.validTo).getTime() <= new Date(values.validFrom).getTime()) {
      problems.validTo = 'Valid to must be after valid from.';
    }
  }
  return problems;
}
