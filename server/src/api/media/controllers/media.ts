import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentCaller } from '../../../access/caller';
import type { MediaService } from '../services/media';

type Context = Parameters<Core.ControllerHandler>[0];

/** The signed-in account: upload keys are issued to it and only it registers them. */
const userIdOf = async (strapi: Core.Strapi): Promise<number> => {
  const caller = await currentCaller(strapi);
  if (caller.kind !== 'user') {
    throw new errors.UnauthorizedError();
  }
  return caller.userId;
};

const service = (strapi: Core.Strapi): MediaService =>
  strapi.service('api::media.media') as unknown as MediaService;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/media/s3-upload-url { fileName, fileType } → { uploadURL, key } */
  async uploadUrl(ctx: Context) {
    const body = (ctx.request.body ?? {}) as { fileName?: unknown; fileType?: unknown };
    return service(strapi).uploadUrl(
      body.fileName,
      body.fileType,
      ctx.request.origin,
      await userIdOf(strapi),
    );
  },

  /** PUT /api/media/local-upload?key&expires&type&signature, raw body → { data: { key, size } } */
  async localUpload(ctx: Context) {
    const contentType =
      (ctx.state as { uploadContentType?: string }).uploadContentType ??
      ctx.get('content-type') ??
      '';
    const data = await service(strapi).localUpload(
      ctx.query as Record<string, unknown>,
      contentType,
      Number(ctx.get('content-length')),
      ctx.req,
    );
    return { data };
  },

  /** POST /api/media { data: { url, name, type, size, key } } → 201 { data: file } */
  async register(ctx: Context) {
    const body = (ctx.request.body ?? {}) as { data?: unknown };
    const file = await service(strapi).register(body.data, await userIdOf(strapi));
    ctx.status = 201;
    ctx.body = { data: file };
  },
});
