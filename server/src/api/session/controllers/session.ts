import type { Core } from '@strapi/strapi';
import { callerAction } from '../../../access/caller-actions';
import { endOtherSessions } from '../../../modules/accounts';

/** Thin: src/modules/accounts holds the rule (issue 24). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  endOthers: callerAction(strapi, (caller) => endOtherSessions(strapi, caller)),
});
