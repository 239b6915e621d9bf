import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { withHttpErrors } from '../../../platform/http/errors';
import { leanSaveInput, saveAnswer } from '../../../modules/exam';

type Context = Parameters<Core.ControllerHandler>[0];

interface AuthState {
  user?: { id?: number; role?: { type?: string } | null } | null;
}

/**
 * PUT /api/answers/:documentId through Strapi's stack: a learner's answer save (selected_answer /
 * mark_as_important / revision) goes to the exam's one save handler (saveAnswer, one guarded
 * UPDATE), the same one the listener in front of Strapi calls (modules/exam/fast-calls.ts); anything
 * else (a learner's answer_documents of a Mains attempt, staff marking) is the generic update.
 */
export default factories.createCoreController('api::answer.answer', ({ strapi }) => ({
  async update(ctx: Context) {
    const user = (ctx.state as AuthState).user;
    const data = leanSaveInput((ctx.request.body as { data?: unknown } | undefined)?.data);
    if (data === null || user?.role?.type !== 'student' || typeof user.id !== 'number') {
      return super.update(ctx);
    }
    const userId = user.id;
    await withHttpErrors(async (c: Context) => {
      c.body = { data: await saveAnswer(strapi, userId, c.params.id, data, c.request.ip ?? null) };
    })(ctx);
    return ctx.body;
  },
}));
