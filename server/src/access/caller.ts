import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';
import { publishedEvaluationIds } from './facts/withheld-results';
import { allocationScope, EMPTY_SCOPE, type AllocationScope } from './facts/allocations';
import type { Knex } from 'knex';

/**
 * Who is asking. Resolved once per HTTP request (cached on the request's Koa context) from
 * `strapi.requestContext`, so every layer (document middleware, output sanitizer, GraphQL field
 * middlewares) sees the same answer.
 *
 * - `system`: server code outside any request (bootstrap, seed, scripts) or inside `asSystem()`.
 * - `visitor`: a request authenticated by an API token (the default visitor token) or by nothing.
 * - `user`: a signed-in users-permissions user, with the links the rules need.
 */
export type RoleType = 'administrator' | 'faculty' | 'student';

export interface UserCaller {
  kind: 'user';
  role: RoleType | 'other';
  userId: number;
  studentId: number | null;
  studentDocumentId: string | null;
  facultyId: number | null;
  facultyDocumentId: string | null;
  /** Empty: no restriction. Otherwise every course list is intersected with these ids. */
  restrictedCourseIds: readonly number[];
  /** Ids of the student's batches (loaded on first use, once per request). */
  batchIds(): Promise<readonly number[]>;
  /** Evaluations of the student's published results (issue 8; loaded on first use). */
  publishedEvaluationIds(): Promise<readonly number[]>;
  /** A faculty member's allocated Mains scripts (issue 27; loaded on first use). */
  allocation(): Promise<AllocationScope>;
}

export type Caller = { kind: 'system' } | { kind: 'visitor' } | UserCaller;

const SYSTEM: Caller = { kind: 'system' };
const VISITOR: Caller = { kind: 'visitor' };

const systemScope = new AsyncLocalStorage<true>();

/** Runs trusted server code (e.g. registration) without the caller's row-level rules. */
export const asSystem = <T>(fn: () => Promise<T>): Promise<T> => systemScope.run(true, fn);

interface KoaLike {
  state?: {
    auth?: { strategy?: { name?: string } };
    user?: { id?: number; role?: { type?: string } | null } | null;
  };
}

const cache = new WeakMap<object, Promise<Caller>>();

const ROLE_TYPES: readonly string[] = ['administrator', 'faculty', 'student'];

interface LinkRow {
  id: number;
  documentId: string;
}

interface UserLinks {
  id: number;
  student?: LinkRow | null;
  faculty?: LinkRow | null;
  restricted_courses?: Array<{ id: number }> | null;
}

/** The links of a user that the access rules need (loaded once per request). */
export interface CallerLinks {
  student: LinkRow | null;
  faculty: LinkRow | null;
  restrictedCourseIds: readonly number[];
}

export const userCaller = (
  strapi: Core.Strapi,
  userId: number,
  roleType: string | undefined,
  links: CallerLinks,
): UserCaller => {
  const studentId = links.student?.id ?? null;
  let batches: Promise<readonly number[]> | null = null;
  let evaluations: Promise<readonly number[]> | null = null;
  let allocation: Promise<AllocationScope> | null = null;
  const facultyId = links.faculty?.id ?? null;
  return {
    kind: 'user',
    role: roleType && ROLE_TYPES.includes(roleType) ? (roleType as RoleType) : 'other',
    userId,
    studentId,
    studentDocumentId: links.student?.documentId ?? null,
    facultyId: links.faculty?.id ?? null,
    facultyDocumentId: links.faculty?.documentId ?? null,
    restrictedCourseIds: links.restrictedCourseIds,
    batchIds: () => {
      batches ??=
        studentId === null
          ? Promise.resolve([])
          : (
              strapi.db.query('api::batch.batch').findMany({
                where: { students: { id: studentId } },
                select: ['id'],
              }) as Promise<Array<{ id: number }>>
            ).then((rows) => rows.map((r) => r.id));
      return batches;
    },
    publishedEvaluationIds: () => {
      evaluations ??=
        studentId === null ? Promise.resolve([]) : publishedEvaluationIds(strapi, studentId);
      return evaluations;
    },
    allocation: () => {
      allocation ??=
        facultyId === null
          ? Promise.resolve(EMPTY_SCOPE)
          : allocationScope(strapi.db.connection as unknown as Knex, facultyId);
      return allocation;
    },
  };
};

const loadUserCaller = async (
  strapi: Core.Strapi,
  userId: number,
  roleType: string | undefined,
): Promise<Caller> => {
  const user = (await strapi.db.query('plugin::users-permissions.user').findOne({
    where: { id: userId },
    select: ['id'],
    populate: {
      student: { select: ['id', 'documentId'] },
      faculty: { select: ['id', 'documentId'] },
      restricted_courses: { select: ['id'] },
    },
  })) as UserLinks | null;
  if (!user) {
    return VISITOR;
  }
  return userCaller(strapi, userId, roleType, {
    student: user.student ?? null,
    faculty: user.faculty ?? null,
    restrictedCourseIds: (user.restricted_courses ?? []).map((c) => c.id),
  });
};

/**
 * Sets the caller of the current request from links already read (the exam's one-query
 * authentication, src/modules/exam/learner-auth.ts), so currentCaller does not read them again.
 */
export const primeCaller = (
  strapi: Core.Strapi,
  userId: number,
  roleType: string,
  links: CallerLinks,
): void => {
  const ctx = strapi.requestContext.get() as object | undefined;
  if (ctx) {
    cache.set(ctx, Promise.resolve(userCaller(strapi, userId, roleType, links)));
  }
};

export const currentCaller = (strapi: Core.Strapi): Promise<Caller> => {
  if (systemScope.getStore()) {
    return Promise.resolve(SYSTEM);
  }
  const ctx = strapi.requestContext.get() as KoaLike | undefined;
  if (!ctx) {
    return Promise.resolve(SYSTEM);
  }
  const strategy = ctx.state?.auth?.strategy?.name;
  if (strategy === 'admin') {
    // Strapi's own admin panel (super-administrators, SERVE_ADMIN_PANEL=true).
    return Promise.resolve(SYSTEM);
  }
  const user = ctx.state?.user;
  if (strategy !== 'users-permissions' || !user || typeof user.id !== 'number') {
    return Promise.resolve(VISITOR);
  }
  const key = ctx as object;
  let pending = cache.get(key);
  if (!pending) {
    pending = loadUserCaller(strapi, user.id, user.role?.type ?? undefined);
    cache.set(key, pending);
  }
  return pending;
};

export const isUser = (caller: Caller): caller is UserCaller => caller.kind === 'user';

export const isStaff = (caller: Caller): boolean =>
  caller.kind === 'system' ||
  (caller.kind === 'user' && (caller.role === 'administrator' || caller.role === 'faculty'));

/** Per-request memory shared by the access layers (never kept beyond the request). */
export interface RequestMemo {
  /** Content types whose document queries in this request had their populate scoped. */
  scopedOutputs: Set<string>;
  /** uid → id → may the caller read it (answers of visibility queries). */
  visible: Map<string, Map<number, boolean>>;
}

const memos = new WeakMap<object, RequestMemo>();

export const requestMemo = (strapi: Core.Strapi): RequestMemo => {
  const ctx = strapi.requestContext.get() as object | undefined;
  if (!ctx) {
    return { scopedOutputs: new Set(), visible: new Map() };
  }
  let memo = memos.get(ctx);
  if (!memo) {
    memo = { scopedOutputs: new Set(), visible: new Map() };
    memos.set(ctx, memo);
  }
  return memo;
};
