import type { Core } from '@strapi/strapi';
import { authenticateFast, setCaller } from '../../../lib/exam/learner-auth';
import { examErrors } from '../../../lib/exam/http';
import { leanSaveInput, saveAnswer } from '../../../lib/exam/service';

type Context = Parameters<Core.ControllerHandler>[0];
type Next = () => Promise<unknown>;

/**
 * PUT /api/answers/:documentId, a learner's answer save (the exam's hot path), served before the
 * generic route (answer.ts) when src/lib/exam/learner-auth.ts recognises a student whom the
 * generic route would send to the same lean save; every other request goes on (`next()`) to the
 * generic route with its full authentication, unchanged (docs/api.md "Taking a test").
 */
const leanSave = async (ctx: Context, next: Next): Promise<unknown> => {
  const data = leanSaveInput((ctx.request.body as { data?: unknown } | undefined)?.data);
  if (data === null) {
    return next();
  }
  const auth = await authenticateFast(strapi, ctx, 'api::answer.answer.update');
  if (auth.kind !== 'user' || auth.user.role.type !== 'student') {
    return next();
  }
  const userId = auth.user.id;
  setCaller(strapi, ctx.state as Record<string, unknown>, auth.user);
  await examErrors(async (c: Context) => {
    c.body = { data: await saveAnswer(strapi, userId, c.params.id, data) };
  })(ctx);
  return ctx.body;
};

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      method: 'PUT',
      path: '/answers/:id',
      handler: leanSave,
      config: { auth: false, policies: [], middlewares: [] },
    },
  ],
};

export default routes;
