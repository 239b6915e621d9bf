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

/**
 * An optional positive number field of a write, when the write sends it: blank becomes null,
 * anything but a number greater than 0 (a whole one when `whole`) is refused with `message`.
 */
export const optionalPositive = (
  data: Record<string, unknown>,
  key: string,
  whole: boolean,
  message: string,
): void => {
  if (!(key in data)) {
    return;
  }
  if (blank(data[key])) {
    data[key] = null;
    return;
  }
  const value = numeric(data[key]);
  if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) {
    fail(message);
  }
  data[key] = value;
};
