// What a controller reads of a request: Strapi's context type and the JSON body as a plain
// object (anything else, an array or nothing, reads as {} so a bad body is refused by the rules,
// not by a crash).
import type { Core } from '@strapi/strapi';

export type Context = Parameters<Core.ControllerHandler>[0];
export type Body = Record<string, unknown>;

export const bodyOf = (ctx: Context): Body => {
  const value = ctx.request.body as unknown;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Body)
    : {};
};
