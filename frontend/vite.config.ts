/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Rust server (`paduka serve`) answers /api and /sandbox; in development Vite forwards them.
const backend = process.env.PADUKA_BACKEND ?? 'http://127.0.0.1:8080';

const NODE_MODULES = /[\\/]node_modules[\\/]/;
// recharts and what only it uses.
const CHART_MODULES =
  /[\\/]node_modules[\\/](recharts|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|victory-vendor|d3-[^\\/]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/;

export default defineConfig({
  plugins: [react()],
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
  },
});
