import { blank, fail, numeric } from './field-values';

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
  if ('MaximumMarks' in data) {
    if (blank(data.MaximumMarks)) {
      data.MaximumMarks = null;
    } else {
      const max = numeric(data.MaximumMarks);
      if (!Number.isFinite(max) || max <= 0) {
        fail('Maximum marks must be a number greater than 0.');
      }
      data.MaximumMarks = max;
    }
  }
  if ('assignment_duration' in data) {
    if (blank(data.assignment_duration)) {
      data.assignment_duration = null;
    } else {
      const minutes = numeric(data.assignment_duration);
      if (!Number.isInteger(minutes) || minutes <= 0) {
        fail('Assignment duration must be a whole number of minutes greater than 0.');
      }
      data.assignment_duration = minutes;
    }
  }
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
