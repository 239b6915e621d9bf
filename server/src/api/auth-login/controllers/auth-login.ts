import type { Core } from '@strapi/strapi';
import type { AuthLoginService } from '../services/auth-login';

type Context = Parameters<Core.ControllerHandler>[0];

interface LoginBody {
  email?: unknown;
  identifier?: unknown;
  password?: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/login { email | identifier, password } → { jwt, authorities, user } */
  async login(ctx: Context): Promise<void> {
    const body: LoginBody = (ctx.request.body as LoginBody | undefined) ?? {};
    const service = strapi.service('api::auth-login.auth-login') as unknown as AuthLoginService;
    ctx.body = await service.login({
      email: body.email ?? body.identifier,
      password: body.password,
      ip: ctx.request.ip,
    });
  },
});
