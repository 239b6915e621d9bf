// Reading the values of a write the way every validation does: blank, a number from JSON, and
// the refusal in Strapi's validation shape. Shared by the write rules of tests and assignments.
import { errors } from '@strapi/utils';

export const blank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A number from JSON (number or numeric text); NaN for anything else. */
export const numeric = (value: unknown): number => {
  if (typeof value === 'number') {
    return value;
  }
  if (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) {
    return Number(value);
  }
  return Number.NaN;
};

export const fail = (message: string): never => {
  throw new errors.ValidationError(message);
};
