import { customRoutes } from '../../../platform/http/routes';

/** People (issue 9); see docs/api.md "People: batches, learners, faculties, users (issue 9)". */
export default customRoutes('api::people.people', [
  // Batches
  ['GET', '/batches-custom/paginated', 'batchesPaginated'],
  ['POST', '/batches-custom/move', 'moveLearners'],
  ['POST', '/batches-custom/remove', 'removeLearners'],
  // Learners
  ['GET', '/students-custom/paginated', 'learnersPaginated'],
  ['POST', '/students-custom', 'createLearner'],
  ['POST', '/students-custom/delete', 'deleteLearners'],
  ['PUT', '/students-custom/:documentId', 'updateLearner'],
  ['POST', '/learners-bulk', 'importLearners'],
  ['GET', '/learners-export', 'exportLearners'],
  // Faculties
  ['POST', '/faculties-custom', 'createFaculty'],
  ['PUT', '/faculties-custom/:documentId', 'updateFaculty'],
  ['DELETE', '/faculties-custom/:documentId', 'deleteFaculty'],
  ['GET', '/faculties-custom/:documentId/users', 'facultyUsers'],
  ['POST', '/faculties-bulk', 'importFaculties'],
  // Users
  ['GET', '/custom-users', 'users'],
  ['POST', '/custom-users', 'createUser'],
  ['PUT', '/custom-users/:id', 'updateUser'],
  ['PUT', '/custom-users/:id/avatar', 'avatar'],
  ['POST', '/users-bulk', 'importUsers'],
]);
