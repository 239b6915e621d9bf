// What other features may use of live classes: the learner's upcoming classes and their query (their course
// list and course pages show it). The screens are lazy (app/screens.tsx, app/router.tsx).
export { UpcomingLiveClasses } from './UpcomingLiveClasses';
export { useUpcomingLiveClassesQuery } from './liveClassesEndpoints';
