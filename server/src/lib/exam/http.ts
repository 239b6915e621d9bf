import type { Core } from '@strapi/strapi';
import { ExamError } from './service';

type Context = Parameters<Core.ControllerHandler>[0];

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
};

/** Writes an ExamError in Strapi's error shape ({ data: null, error: { status, name, message } }). */
export const sendExamError = (ctx: Context, error: ExamError): void => {
  ctx.status = error.status;
  ctx.body = {
    data: null,
    error: { status: error.status, name: NAMES[error.status], message: error.message, details: {} },
  };
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
