import type { Core } from '@strapi/strapi';
import { dataAction } from '../../../access/caller-actions';
import { knexOf } from '../../../platform/db/sql';
import {
  clearInstituteFile,
  readInstitute,
  setInstituteFile,
  updateInstitute,
} from '../../../modules/institute';

/** Thin: src/modules/institute holds the rules (issue 24). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  show: dataAction(strapi, (caller) => readInstitute(knexOf(strapi), caller)),
  update: dataAction(strapi, (caller, ctx) =>
    updateInstitute(knexOf(strapi), caller, ctx.request.body),
  ),
  setFile: dataAction(strapi, (caller, ctx) =>
    setInstituteFile(strapi, caller, ctx.params.field, ctx),
  ),
  clearFile: dataAction(strapi, (caller, ctx) =>
    clearInstituteFile(strapi, caller, ctx.params.field),
  ),
});
