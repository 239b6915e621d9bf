import type { Core } from '@strapi/strapi';

/**
 * POST /api/upload?id=… renames or replaces an existing file (Strapi's upload plugin checks no
 * ownership). Only staff may do that; learners upload new files only.
 */
interface UploadRequestContext {
  request?: { query?: Record<string, unknown> };
  state?: { user?: { role?: { type?: string } | null } | null };
}

const staffFileEdits: Core.PolicyHandler = (policyContext) => {
  const context = policyContext as unknown as UploadRequestContext;
  if (context.request?.query?.id === undefined) {
    return true;
  }
  const roleType = context.state?.user?.role?.type;
  return roleType === 'administrator' || roleType === 'faculty';
};

export default staffFileEdits;
