import { blank, fail, optionalPositive } from './field-values';

/**
 * Rules of an assignment (issue 8), on the document service so REST, GraphQL and the server's own
 * writes share them (called by src/access/document-guard.ts). An update is checked on the fields it
 * sends. `is_attempted` is the server's (set on a learner's submission): a client's value is
 * ignored and a new assignment starts unattempted. Creating with `course` adds the assignment to
 * the course's `assignments` (the two sides of one relation).
 */
type Data = Record<string, unknown>;

export const checkAssignment = (
  action: 'create' | 'update',
  input: Data,
  fromClient: boolean,
): Data => {
  const data: Data = { ...input };
  if (fromClient) {
    delete data.is_attempted;
    if (action === 'create') {
      data.is_attempted = false;
    }
  }
  if (action === 'create' || 'assignment_name' in data) {
    if (blank(data.assignment_name) || typeof data.assignment_name !== 'string') {
      fail('Assignment name is required.');
    }
    data.assignment_name = (data.assignment_name as string).trim();
  }
  optionalPositive(data, 'MaximumMarks', false, 'Maximum marks must be a number greater than 0.');
  optionalPositive(
    data,
    'assignment_duration',
    true,
    'Assignment duration must be a whole number of minutes greater than 0.',
  );
  if ('assignment_submission_date' in data && !blank(data.assignment_submission_date)) {
    const value = data.assignment_submission_date;
    const date =
      typeof value === 'string' || typeof value === 'number' || value instanceof Date
        ? new Date(value)
        : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) {
      fail('The submission date is not a valid date.');
    }
  } else if ('assignment_submission_date' in data) {
    data.assignment_submission_date = null;
  }
  return data;
};
