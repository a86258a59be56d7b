// The server bundle (spike): `vite build --ssr src/entry-server.tsx -c vite.ssr.config.ts`.
// One ES module with no imports (everything bundled, dynamic imports inlined), for an embedded
// engine without Node's built-ins.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** SSR_SLIM=1: only the routes the server draws (src/app/routes/lazy-routes.server.ts). */
function slimRoutes(): Plugin {
  return {
    name: 'paduka-ssr-slim-routes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!process.env.SSR_SLIM || !source.endsWith('/lazy-routes')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? resolved.id.replace(/lazy-routes\.ts$/, 'lazy-routes.server.ts') : null;
    },
  };
}

const nm = (p: string) => fileURLToPath(new URL(`./node_modules/${p}`, import.meta.url));

export default defineConfig({
  plugins: [slimRoutes(), react()],
  mode: 'production',
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // SSR_RR_PROD=1: react-router's production build (no dev warnings) instead of the
      // development build its package.json gives every bundler (the client's build uses that too).
      ...(process.env.SSR_RR_PROD
        ? [{ find: /^react-router$/, replacement: nm('react-router/dist/production/index.mjs') }]
        : []),
      // renderToString from the browser build of the legacy server renderer: no TextEncoder,
      // streams, MessageChannel or setImmediate (the whole of server.browser.js would also pull
      // in renderToReadableStream, which makes a TextEncoder when loaded).
      {
        find: /^react-dom\/server$/,
        replacement: nm('react-dom/cjs/react-dom-server-legacy.browser.production.js'),
      },
    ],
  },
  ssr: {
    noExternal: true,
    target: 'webworker',
  },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: process.env.SSR_OUT ?? 'dist-ssr',
    emptyOutDir: true,
    target: 'es2022',
    minify: process.env.SSR_MINIFY !== '0',
    sourcemap: false,
    rolldownOptions: {
      output: {
        format: 'es',
        codeSplitting: false,
        entryFileNames: 'entry-server.js',
      },
    },
  },
});
