// Staff's view of Mains work (issue 8), the door: the works with their counts and the learners
// of a work (staff-lists.ts), one learner's script (script.ts).
export { evaluableSubjects, listResults, listWorks } from './staff-lists';
export { script, scriptAccess } from './script';
