// The assignment form's rules, mirroring the server's: a name; when given, a duration in whole
// minutes above 0, maximum marks above 0 and a valid submission date.

export interface AssignmentFormValues {
  name: string;
  duration: string;
  submissionDate: string;
  maximumMarks: string;
}

export type AssignmentFormProblems = Partial<
  Record<'name' | 'duration' | 'submissionDate' | 'maximumMarks', string>
>;

const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

export function validateAssignment(values: AssignmentFormValues): AssignmentFormProblems {
  const problems: AssignmentFormProblems = {};
  if (!values.name.trim()) problems.name = 'Enter the assignment name.';
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
  if (values.submissionDate && Number.isNaN(new Date(values.submissionDate).getTime())) {
    problems.submissionDate = 'Enter a valid submission date.';
  }
  return problems;
}
