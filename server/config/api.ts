import type { Core } from '@strapi/strapi';
import { QUERY_LIMITS } from '../src/platform/limits/query-limits';

export default (): Core.Config.Api => ({
  rest: {
    // A larger pageSize/limit is cut to maxLimit (the SPA asks for 100 at most); issue 18 point 5.
    defaultLimit: QUERY_LIMITS.defaultPageSize,
    maxLimit: QUERY_LIMITS.maxPageSize,
    withCount: true,
  },
});
