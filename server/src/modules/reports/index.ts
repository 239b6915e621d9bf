// The reports module's door (issue 22: a test's statistics, item analysis and results list for
// staff). Other modules and the API import only this file.
export { itemAnalysis } from './items';
export { leaderboard } from './leaderboard';
export { learnerProgress } from './progress';
export { reportTarget } from './scope';
export type { ReportScope, ReportTest } from './scope';
export { statistics } from './statistics';
export { testResults } from './results';
export { testSubjects } from './subjects';
export { exportResults } from './results-export';
export { testData } from './test-data';
export { resultEvents } from './integrity';
export { poolFacility, type PoolFacility } from './pool-facility';
