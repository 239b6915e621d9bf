import type { Core } from '@strapi/strapi';

/**
 * A refusal with its HTTP status and the message the client shows. Module code throws it; the
 * controllers' `withHttpErrors` (or the exam's listener) writes it in Strapi's error shape.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
    /** What the client needs to act on the refusal (e.g. the current version on a 409). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Context = Parameters<Core.ControllerHandler>[0];

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  429: 'RateLimitError',
  503: 'ServiceUnavailableError',
  500: 'InternalServerError',
};

/** Strapi's error shape ({ data: null, error: { status, name, message, details } }). */
export const errorBody = (
  status: number,
  message: string,
  details: Record<string, unknown> = {},
): Record<string, unknown> => ({
  data: null,
  error: { status, name: NAMES[status] ?? 'ApplicationError', message, details },
});

/** Writes an HttpError in Strapi's error shape. */
export const sendHttpError = (ctx: Context, error: HttpError): void => {
  ctx.status = error.status;
  ctx.body = errorBody(error.status, error.message, error.details);
};

export const withHttpErrors =
  (handler: (ctx: Context) => Promise<void>) =>
  async (ctx: Context): Promise<void> => {
    try {
      await handler(ctx);
    } catch (error) {
      if (error instanceof HttpError) {
        sendHttpError(ctx, error);
        return;
      }
      throw error;
    }
  };
