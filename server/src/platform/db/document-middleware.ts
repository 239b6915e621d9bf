/**
 * Strapi's document-service middleware, as this app's middlewares see it (issue 19: one
 * declaration instead of one per module): the context they read, `next`, and the common case of
 * adjusting the data of every create and update of one content type before it is written.
 */
export interface DocumentContext<Params extends object = object> {
  uid: string;
  action: string;
  params: Params & { data?: unknown; documentId?: string };
}

export type DocumentNext = () => Promise<unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs `change` on the data of each create and update of `uid` (when there is data), then goes on. */
export const onCreateOrUpdate =
  (uid: string, change: (data: Record<string, unknown>) => void) =>
  async (ctx: DocumentContext, next: DocumentNext): Promise<unknown> => {
    if (ctx.uid === uid && (ctx.action === 'create' || ctx.action === 'update')) {
      const data = ctx.params?.data;
      if (isRecord(data)) change(data);
    }
    return next();
  };
