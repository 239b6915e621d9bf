import type { Core } from '@strapi/strapi';
import type { RegistrationService } from '../services/registration';

type Context = Parameters<Core.ControllerHandler>[0];

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/register { StudentName, student_email, student_mobile_number, password, … } */
  async register(ctx: Context): Promise<void> {
    const service = strapi.service(
      'api::registration.registration',
    ) as unknown as RegistrationService;
    ctx.body = await service.register(ctx.request.body, ctx.request.ip);
  },
});
