/// <reference types="vitest/config" />
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The SPA talks to Strapi under /api on the same origin: in development through this proxy,
// in production because Strapi serves the built SPA itself (see server/src/middlewares/spa.ts).
const routerFile = (name: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));

// react-router 7 points every export condition at its development build (warnings and checks
// included; remix-run/react-router#14102). A production build takes the production files instead.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: routerFile('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerFile('dom-export.mjs') },
];

// The Zoom Meeting SDK's Component view (6.2.0) is built against React 18 and reads React 18's
// internals when it loads; the app runs React 19. Inside the SDK's own chunk, `react` and
// `react-dom` resolve to the React 18 copies the SDK ships (dist/lib/vendor), so the room gets the
// React it was built for and the rest of the app keeps its own (docs/decisions.md, issue 21).
const zoomVendor = (name: string) =>
  fileURLToPath(
    new URL(`./node_modules/@zoom/meetingsdk/dist/lib/vendor/${name}.min.js`, import.meta.url),
  );
const zoomReact: Record<string, string> = {
  react: zoomVendor('react'),
  'react-dom': zoomVendor('react-dom'),
  'react-dom/client': zoomVendor('react-dom'),
};
function zoomReact18(): Plugin {
  return {
    name: 'zoom-react-18',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !importer.includes('/@zoom/meetingsdk/')) return null;
      return zoomReact[source] ?? null;
    },
  };
}

export default defineConfig(({ mode, command }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiTarget = env.API_PROXY_TARGET || `http://127.0.0.1:${env.PORT || '1337'}`;
  return {
    plugins: [zoomReact18(), react()],
    resolve: {
      alias: command === 'build' && mode === 'production' ? reactRouterProduction : [],
    },
    // The development server pre-bundles the SDK: the same React 18 inside it.
    optimizeDeps: { rolldownOptions: { plugins: [zoomReact18()] } },
    server: {
      host: '127.0.0.1',
      port: Number(env.VITE_DEV_PORT || 5173),
      strictPort: true,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/uploads': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      // dist/.vite/manifest.json: scripts/check-zoom-chunk.mjs reads it after every build.
      manifest: true,
      chunkSizeWarningLimit: 700,
    },
    test: {
      environment: 'happy-dom',
      globals: true,
      setupFiles: ['tests/setup.ts'],
      include: ['tests/**/*.test.{ts,tsx}'],
      exclude: ['tests/e2e/**', 'node_modules/**'],
      css: false,
      testTimeout: 15000,
      // A stand-in for the default visitor token that the real build takes from .env.
      env: { VITE_DEFAULT_API_TOKEN: 'visitor-token-for-tests' },
    },
  };
});
