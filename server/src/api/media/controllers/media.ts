import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentCaller, type UserCaller } from '../../../access/caller';
import { chargeQuota } from '../../../access/quota-rules';
import type { MediaService } from '../services/media';

type Context = Parameters<Core.ControllerHandler>[0];

/** The signed-in account: upload keys are issued to it and only it registers them. */
const userOf = async (strapi: Core.Strapi): Promise<UserCaller> => {
  const caller = await currentCaller(strapi);
  if (caller.kind !== 'user') {
    throw new errors.UnauthorizedError();
  }
  return caller;
};
const userIdOf = async (strapi: Core.Strapi): Promise<number> => (await userOf(strapi)).userId;

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
    const user = await userOf(strapi);
    // The two-step upload counts against the same daily quota as POST /api/upload (issue 18).
    const caller = { userId: user.userId, roleType: user.role };
    const file = await service(strapi).register(body.data, user.userId, (bytes) =>
      chargeQuota(strapi, ctx, 'uploads', caller, { items: 1, bytes }),
    );
    ctx.status = 201;
    ctx.body = { data: file };
  },
});
