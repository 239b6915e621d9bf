// The people module's door (learners, faculties, users, batches: lists, writes, imports, export).
// Other modules and the API import only this file.
export { createBatchRules, listBatches, moveLearners, removeLearners } from './batches';
export { exportLearners } from './export';
export { createFaculty, deleteFaculty, facultyUsers, updateFaculty } from './faculties';
export { importFaculties } from './import-faculties';
export { importLearners } from './import-learners';
export { createLearner, deleteLearners, listLearners, updateLearner } from './learners';
export { createUser, importUsers, listUsers, setAvatar, updateUser } from './users';
export { readProfile, updateOwnAvatar, updateProfile } from './profile';
