// The server bundle (decisions D32): `vite build -c vite.ssr.config.ts`, run by `npm run build`
// after the browser's build, into dist/server/entry-server.js. One ES module with no imports
// (everything bundled, dynamic imports inlined), for the engine embedded in the Rust server
// (QuickJS through rquickjs, crates/web/src/ssr), which has none of Node's built-ins.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Only the routes the server draws: lazy-routes.ts is swapped for lazy-routes.server.ts, so the
 * admin area, checkout and the charts stay out (309 KB instead of 828 KB, a runtime loads in a
 * fifth of the time and holds 2.5 MiB instead of 6).
 */
function drawnRoutesOnly(): Plugin {
  return {
    name: 'paduka-drawn-routes-only',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/lazy-routes')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? resolved.id.replace(/lazy-routes\.ts$/, 'lazy-routes.server.ts') : null;
    },
  };
}

const nodeModule = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));

export default defineConfig({
  plugins: [drawnRoutesOnly(), react()],
  mode: 'production',
  // The app's public files are the browser build's to copy.
  publicDir: false,
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // renderToString from the browser build of the legacy server renderer: it needs no
      // TextEncoder, streams, MessageChannel or setImmediate (server.browser.js would also load
      // renderToReadableStream, which makes a TextEncoder as soon as it is loaded).
      {
        find: /^react-dom\/server$/,
        replacement: nodeModule('react-dom/cjs/react-dom-server-legacy.browser.production.js'),
      },
    ],
  },
  ssr: {
    noExternal: true,
    target: 'webworker',
  },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
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
