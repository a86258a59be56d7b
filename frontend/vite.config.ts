/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Rust server (`paduka serve`) answers /api and /sandbox; in development Vite forwards them.
const backend = process.env.PADUKA_BACKEND ?? 'http://127.0.0.1:8080';

const NODE_MODULES = /[\\/]node_modules[\\/]/;
// recharts and what only it uses.
const CHART_MODULES =
  /[\\/]node_modules[\\/](recharts|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|victory-vendor|d3-[^\\/]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/;

/**
 * Names the code of the routes a shopper lands on from a shared link (category, product and search
 * pages) in index.html's `data-route-chunks`, so its inline script can preload it beside the
 * entry: otherwise it is found only once the entry has run (Lighthouse: LCP on phones). Their
 * stylesheets are listed too: the server links them in the head of the pages it draws
 * (decisions D29, D32), which must be styled before the app's code arrives.
 */
function routeChunks(): Plugin {
  const routes: Record<string, string> = {
    category: 'src/app/routes/category.tsx',
    product: 'src/app/routes/product.tsx',
    search: 'src/app/routes/search.tsx',
  };
  return {
    name: 'paduka-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const withImports = (file: string, seen = new Set<string>()): string[] => {
          if (seen.has(file)) return [];
          seen.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          const styles = [...(chunk?.viteMetadata?.importedCss ?? [])];
          return [file, ...styles, ...(chunk?.imports ?? []).flatMap((f) => withImports(f, seen))];
        };
        const named: Record<string, string[]> = {};
        for (const [route, source] of Object.entries(routes)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
          if (chunk) named[route] = withImports(chunk.fileName).map((f) => `/${f}`);
        }
        return html.replace('data-route-chunks="{}"', `data-route-chunks='${JSON.stringify(named)}'`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), routeChunks()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/sandbox': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/sandbox': { target: backend, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: keep them in their own cacheable chunk.
        // The chart library is for the admin dashboard only: it is left to the lazily loaded
        // chart chunk instead of weighing on every page.
        codeSplitting: {
          groups: [{ name: 'vendor', test: (id) => NODE_MODULES.test(id) && !CHART_MODULES.test(id) }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    restoreMocks: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // A journey typing into whole screens takes seconds when cargo compiles beside it (CI's
    // lanes share two cores); the limit stops a hung test, it does not time a quick one.
    testTimeout: 30_000,
  },
});
