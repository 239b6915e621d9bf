import { factories } from '@strapi/strapi';
import { dataAction } from '../../../access/caller-actions';
import { previewPoolQuestion } from '../../../modules/catalogue';

export default factories.createCoreController('api::question-pool.question-pool', ({ strapi }) => ({
  /** GET /api/question-pools/:documentId/preview[?key=true] → { data: { question, key } } (issue 26). */
  preview: dataAction(strapi, (caller, ctx) =>
    previewPoolQuestion(strapi, caller, ctx.params.documentId, ctx.query),
  ),
}));
