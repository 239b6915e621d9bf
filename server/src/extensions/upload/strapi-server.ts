interface RouteLike {
  handler?: string;
  config?: { policies?: unknown[]; [key: string]: unknown };
}

interface UploadPlugin {
  routes: Record<string, { routes?: RouteLike[] } | undefined>;
}

/** The upload plugin's content-API handlers and the file-access rule each one gets. */
const ACTIONS: Record<string, string> = {
  'content-api.upload': 'upload',
  'content-api.find': 'find',
  'content-api.findOne': 'findOne',
  'content-api.destroy': 'destroy',
};

/**
 * Who may attach, change, list and read files (src/policies/file-access.ts): Strapi's upload
 * plugin links files to any record through `ref`/`refId`/`field`, replaces or deletes any file and
 * lists them all, without asking whose they are.
 */
export default (plugin: UploadPlugin): UploadPlugin => {
  for (const route of plugin.routes['content-api']?.routes ?? []) {
    const action = route.handler ? ACTIONS[route.handler] : undefined;
    if (action) {
      route.config = {
        ...route.config,
        policies: [
          ...(route.config?.policies ?? []),
          { name: 'global::file-access', config: { action } },
        ],
      };
    }
  }
  return plugin;
};
