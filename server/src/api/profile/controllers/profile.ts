import type { Core } from '@strapi/strapi';
import { dataAction } from '../../../access/caller-actions';
import { readProfile, updateOwnAvatar, updateProfile } from '../../../modules/people';

/** Thin: src/modules/people/profile.ts holds the rules (issue 24). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  show: dataAction(strapi, (caller) => readProfile(strapi, caller)),
  update: dataAction(strapi, (caller, ctx) => updateProfile(strapi, caller, ctx.request.body)),
  avatar: dataAction(strapi, (caller, ctx) => updateOwnAvatar(strapi, caller, ctx)),
});
