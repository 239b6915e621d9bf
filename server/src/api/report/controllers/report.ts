import type { Core } from '@strapi/strapi';
import { callerAction, dataAction } from '../../../access/caller-actions';
import type { Body } from '../../../platform/http/request';
import { testData, testResults } from '../../../modules/reports';

/** Thin: src/modules/reports holds the rules; each action reads the request and answers. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  testData: dataAction(strapi, (caller, ctx) => testData(strapi, caller, ctx.query as Body)),

  testResults: callerAction(strapi, (caller, ctx) =>
    testResults(strapi, caller, ctx.params.documentId, ctx.query as Body),
  ),
});
