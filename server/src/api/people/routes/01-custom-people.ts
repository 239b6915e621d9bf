import type { Core } from '@strapi/strapi';

/** People (issue 9); see docs/api.md "People: batches, learners, faculties, users (issue 9)". */
const route = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, action: string) => ({
  method,
  path,
  handler: `api::people.people.${action}`,
  config: { policies: [], middlewares: [] },
});

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    // Batches
    route('GET', '/batches-custom/paginated', 'batchesPaginated'),
    route('POST', '/batches-custom/move', 'moveLearners'),
    route('POST', '/batches-custom/remove', 'removeLearners'),
    // Learners
    route('GET', '/students-custom/paginated', 'learnersPaginated'),
    route('POST', '/students-custom', 'createLearner'),
    route('POST', '/students-custom/delete', 'deleteLearners'),
    route('PUT', '/students-custom/:documentId', 'updateLearner'),
    route('POST', '/learners-bulk', 'importLearners'),
    route('GET', '/learners-export', 'exportLearners'),
    // Faculties
    route('POST', '/faculties-custom', 'createFaculty'),
    route('PUT', '/faculties-custom/:documentId', 'updateFaculty'),
    route('DELETE', '/faculties-custom/:documentId', 'deleteFaculty'),
    route('GET', '/faculties-custom/:documentId/users', 'facultyUsers'),
    route('POST', '/faculties-bulk', 'importFaculties'),
    // Users
    route('GET', '/custom-users', 'users'),
    route('POST', '/custom-users', 'createUser'),
    route('PUT', '/custom-users/:id', 'updateUser'),
    route('PUT', '/custom-users/:id/avatar', 'avatar'),
    route('POST', '/users-bulk', 'importUsers'),
  ],
};

export default routes;
