interface RouteLike {
  handler?: string;
  config?: { policies?: unknown[]; [key: string]: unknown };
}

interface UploadPlugin {
  routes: Record<string, { routes?: RouteLike[] } | undefined>;
}

/** Adds the staff-only rule for editing existing files to the upload plugin's POST /api/upload. */
export default (plugin: UploadPlugin): UploadPlugin => {
  for (const route of plugin.routes['content-api']?.routes ?? []) {
    if (route.handler === 'content-api.upload') {
      route.config = {
        ...route.config,
        policies: [...(route.config?.policies ?? []), 'global::staff-file-edits'],
      };
    }
  }
  return plugin;
};
