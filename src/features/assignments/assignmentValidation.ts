// The assignment form's rules, mirroring the server's: a test's rules of the name, duration and
// maximum marks (validateWorkBasics), and a valid submission date.
import { validateWorkBasics, type WorkBasicsValues } from '../test-authoring';

export interface AssignmentFormValues extends WorkBasicsValues {
  submissionDate: string;
}

export type AssignmentFormProblems = Partial<
  Record<'name' | 'duration' | 'submissionDate' | 'maximumMarks', string>
>;

export function validateAssignment(values: AssignmentFormValues): AssignmentFormProblems {
  const problems: AssignmentFormProblems = validateWorkBasics(values, 'assignment');
  if (values.submissionDate && Number.isNaN(new Date(values.submissionDate).getTime())) {
    problems.submissionDate = 'Enter a valid submission date.';
  }
  return problems;
}
