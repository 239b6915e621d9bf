// The test a staff call of the exam module works on (regrade, accommodations): staff only (403
// for learners, with what they tried), a documentId (400), a test the caller sees (404).
import type { Core } from '@strapi/strapi';
import { isStaff, type Caller } from '../../access/caller';
import { UID } from '../../access/rules';
import { findVisible } from '../../access/visibility';
import { documentIdOf } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';

/** The id of the test, or the refusal; `doing` completes "Only staff …" ("regrade a test"). */
export const staffTestId = async (
  strapi: Core.Strapi,
  caller: Caller,
  input: unknown,
  doing: string,
): Promise<number> => {
  if (!isStaff(caller)) {
    throw new HttpError(403, `Only staff ${doing}.`);
  }
  const documentId = documentIdOf(input);
  if (!documentId) {
    throw new HttpError(400, 'Send the documentId of the test.');
  }
  const [test] = await findVisible(strapi, caller, UID.test, {
    ids: [],
    documentIds: [documentId],
  });
  if (!test) {
    throw new HttpError(404, 'Unknown test.');
  }
  return test.id;
};
