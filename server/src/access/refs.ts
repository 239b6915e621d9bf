import { errors } from '@strapi/utils';
import { isRecord } from './model';
import type { Refs } from './visibility';

/** Strapi's own rule (document-service map-relation): anything parseInt reads is a numeric id. */
const asNumericId = (value: unknown): number | null => {
  if (typeof value === 'number') {
    return Number.isInteger(value) ? value : null;
  }
  if (typeof value === 'string') {
    const parsed = Number.parseInt(value, 10);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
};

const invalid = (label: string): never => {
  throw new errors.ValidationError(`Invalid relation "${label}"`);
};

const addOne = (refs: Refs, item: unknown, label: string): void => {
  if (item === null || item === undefined) {
    return;
  }
  if (isRecord(item)) {
    if ('id' in item && 'documentId' in item) {
      invalid(label);
    }
    if ('id' in item) {
      const id = asNumericId(item.id);
      if (id === null) {
        invalid(label);
      } else {
        refs.ids.push(id);
      }
      return;
    }
    if (typeof item.documentId === 'string' && item.documentId) {
      refs.documentIds.push(item.documentId);
      return;
    }
    invalid(label);
  }
  const id = asNumericId(item);
  if (id !== null) {
    refs.ids.push(id);
    return;
  }
  if (typeof item === 'string' && item) {
    refs.documentIds.push(item);
    return;
  }
  invalid(label);
};

/**
 * Every document a relation input would link (plain ids, documentIds, { id }, { documentId },
 * arrays, { set, connect, disconnect }); `disconnect` only unlinks, so it is not collected.
 * Shapes Strapi would not accept are refused.
 */
export const collectRefs = (value: unknown, label: string): Refs => {
  const refs: Refs = { ids: [], documentIds: [] };
  const visit = (input: unknown): void => {
    if (Array.isArray(input)) {
      input.forEach((item) => addOne(refs, item, label));
      return;
    }
    if (isRecord(input) && ('set' in input || 'connect' in input || 'disconnect' in input)) {
      for (const key of ['set', 'connect'] as const) {
        const part = input[key];
        if (part !== undefined) {
          (Array.isArray(part) ? part : [part]).forEach((item) => addOne(refs, item, label));
        }
      }
      return;
    }
    addOne(refs, input, label);
  };
  visit(value);
  return refs;
};

/** Exactly one referenced document (or none when `value` is empty). */
export const singleRef = (value: unknown, label: string): Refs | null => {
  const refs = collectRefs(value, label);
  const count = refs.ids.length + refs.documentIds.length;
  if (count === 0) {
    return null;
  }
  if (count > 1) {
    throw new errors.ValidationError(`"${label}" takes a single reference`);
  }
  return refs;
};

export const isEmptyRefs = (refs: Refs): boolean =>
  refs.ids.length === 0 && refs.documentIds.length === 0;
