import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { authenticateFast, setCaller } from '../modules/exam';

/**
 * The exam routes (src/api/exam, `auth: false`) authenticate here instead of the generic
 * content-API authentication: src/modules/exam/learner-auth.ts (401 like users-permissions, 403 when
 * the caller's role lacks the route's action in the permission table). Config: `{ action }`.
 */
interface PolicyState {
  state: Record<string, unknown>;
}

const examLearner = async (policyContext: Core.PolicyContext, config: unknown): Promise<true> => {
  const action = (config as { action?: unknown } | null)?.action;
  if (typeof action !== 'string') {
    throw new Error('global::exam-learner needs { action }.');
  }
  const result = await authenticateFast(strapi, policyContext, action);
  if (result.kind !== 'user') {
    throw result.kind === 'unauthorized'
      ? new errors.UnauthorizedError('Missing or invalid credentials')
      : new errors.ForbiddenError('Forbidden');
  }
  setCaller(strapi, (policyContext as unknown as PolicyState).state, result.user);
  return true;
};

export default examLearner;
