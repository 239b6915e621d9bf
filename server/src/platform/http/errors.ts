import type { Core } from '@strapi/strapi';
import { ExamError } from '../../modules/exam/service';

type Context = Parameters<Core.ControllerHandler>[0];

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  500: 'InternalServerError',
};

/** Strapi's error shape ({ data: null, error: { status, name, message, details } }). */
export const errorBody = (status: number, message: string): Record<string, unknown> => ({
  data: null,
  error: { status, name: NAMES[status] ?? 'ApplicationError', message, details: {} },
});

/** Writes an ExamError in Strapi's error shape. */
export const sendExamError = (ctx: Context, error: ExamError): void => {
  ctx.status = error.status;
  ctx.body = errorBody(error.status, error.message);
};

export const examErrors =
  (handler: (ctx: Context) => Promise<void>) =>
  async (ctx: Context): Promise<void> => {
    try {
      await handler(ctx);
    } catch (error) {
      if (error instanceof ExamError) {
        sendExamError(ctx, error);
        return;
      }
      throw error;
    }
  };
