// Build-time configuration read from Vite's env (see .env.example). Nothing secret lives here:
// the default API token ships in the bundle by design and is scoped to signed-out calls only.
export const env = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL || '/api',
  defaultApiToken: import.meta.env.VITE_DEFAULT_API_TOKEN || '',
} as const;
