import { factories } from '@strapi/strapi';

// Audit entries are written by the server only (modules/exam/regrade.ts): staff read them.
export default factories.createCoreRouter('api::audit-entry.audit-entry', {
  only: ['find', 'findOne'],
});
