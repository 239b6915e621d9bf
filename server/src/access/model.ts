import type { Core } from '@strapi/strapi';

/** The few facts about a content type's schema that the access layer reads. */
export interface AttributeLike {
  type: string;
  relation?: string;
  target?: string;
  multiple?: boolean;
}

export interface ModelLike {
  uid: string;
  attributes: Record<string, AttributeLike>;
}

export const FILE_UID = 'plugin::upload.file';

export const modelOf = (strapi: Core.Strapi, uid: string): ModelLike | null => {
  const model = strapi.getModel(uid as Parameters<Core.Strapi['getModel']>[0]) as unknown as
    { uid: string; attributes?: Record<string, AttributeLike> } | undefined;
  return model?.attributes ? { uid: model.uid, attributes: model.attributes } : null;
};

/** The content type a relation or media attribute points to (null for scalars, morphs, components). */
export const targetOf = (attribute: AttributeLike | undefined): string | null => {
  if (!attribute) {
    return null;
  }
  if (attribute.type === 'media') {
    return FILE_UID;
  }
  if (attribute.type === 'relation' && typeof attribute.target === 'string') {
    return attribute.target;
  }
  return null;
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
