/**
 * The life of a test or an assignment (issue 23): draft → published → closed. A small fact file
 * shared by the read scope (learners never see drafts), the write guard (a client's generic write
 * cannot move the status) and the catalogue's publish and close calls.
 *
 * Rows made before the field existed, and rows whose status is null, are published: the column's
 * default is "published" and the learners' scope treats null as published, so nothing changes for
 * them. A generic create that names no status is published too (API clients and scripts of today
 * keep working); the staff screens and the duplicate make drafts.
 */
type Filters = Record<string, unknown>;

export const WORK_STATUSES = ['draft', 'published', 'closed'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** The rows a learner may see: every status but draft (null is an old row: published). */
export const NOT_DRAFT: Filters = Object.freeze({
  $or: [{ status: { $null: true } }, { status: { $in: ['published', 'closed'] } }],
});

/** A stored status as the product reads it (null or unknown: published). */
export const statusOf = (value: unknown): WorkStatus =>
  value === 'draft' || value === 'closed' ? value : 'published';

/**
 * The status part of a client's generic write (REST, GraphQL): a create may ask for a draft; any
 * other status sent is dropped, so publishing goes through the publish call and its checks, and
 * closing through the close call.
 */
export const clientStatusInput = (
  action: 'create' | 'update',
  data: Record<string, unknown>,
): Record<string, unknown> => {
  if (!('status' in data)) {
    return data;
  }
  const { status, ...rest } = data;
  return action === 'create' && status === 'draft' ? { ...rest, status } : rest;
};
