// Measures, never asserts a budget: how long a first visit takes until the product grid shows
// on the demo catalog, and what the home route weighs. Printed and written to
// test-results/performance.json; docs/performance.md records the figures.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { launchBrowser, openPage } from './support/browser.mjs';
import { FRONTEND_DIR, RESULTS_DIR, startServer } from './support/server.mjs';

const LOADS = 5;

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer('performance');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The home route's JS (entry + modulepreloads) and CSS, gzipped, from the built dist/. */
function homeRouteWeight() {
  const dist = join(FRONTEND_DIR, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = (/** @type {RegExp} */ re) => [...new Set([...html.matchAll(re)].map((m) => m[1]))];
  const kb = (/** @type {string[]} */ list) =>
    +(list.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024).toFixed(2);
  return {
    jsGzipKb: kb([
      ...files(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
      ...files(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
    ]),
    cssGzipKb: kb(files(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)),
  };
}

/**
 * One cold first visit (new context: empty cache and storage). Returns milliseconds from
 * navigation start to the first product card being laid out (in the DOM with a box), and to the
 * first paint, as the page itself measured them.
 */
async function firstVisit(/** @type {number} */ width) {
  const { context, page } = await openPage(browser, server.baseURL, width);
  try {
    await page.addInitScript(() => {
      const w = /** @type {Window & {__gridVisibleAt?: number}} */ (window);
      const check = () => {
        const card = document.querySelector('[aria-label="Products"] article');
        if (card && card.getBoundingClientRect().height > 0) {
          w.__gridVisibleAt = performance.now();
          return true;
        }
        return false;
      };
      const observer = new MutationObserver(() => {
        if (check()) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.waitForFunction(
      () => /** @type {Window & {__gridVisibleAt?: number}} */ (window).__gridVisibleAt !== undefined,
    );
    // Awaited here, before `finally` closes the context under it.
    return await page.evaluate(() => ({
      gridVisible: /** @type {Window & {__gridVisibleAt?: number}} */ (window).__gridVisibleAt ?? NaN,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      domContentLoaded: /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
        .domContentLoadedEventEnd,
    }));
  } finally {
    await context.close();
  }
}

test(`time to a visible product grid on the demo catalog (median of ${LOADS} cold loads)`, async () => {
  await firstVisit(1280); // warm the server's caches and the OS file cache; not counted
  /** @type {Record<string, unknown>} */
  const results = { date: new Date().toISOString().slice(0, 10), loads: LOADS, homeRoute: homeRouteWeight() };
  for (const width of [1280, 390]) {
    const runs = [];
    for (let i = 0; i < LOADS; i += 1) runs.push(await firstVisit(width));
    const grid = runs.map((r) => Math.round(r.gridVisible));
    assert.ok(grid.every(Number.isFinite));
    results[`w${width}`] = {
      gridVisibleMedianMs: median(grid),
      gridVisibleMs: grid,
      firstContentfulPaintMedianMs: Math.round(median(runs.map((r) => r.firstContentfulPaint))),
      domContentLoadedMedianMs: Math.round(median(runs.map((r) => r.domContentLoaded))),
    };
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'performance.json'), `${JSON.stringify(results, null, 2)}\n`);
  const home = /** @type {{jsGzipKb: number, cssGzipKb: number}} */ (results.homeRoute);
  console.log(`# home route: JS ${home.jsGzipKb} kB gzip, CSS ${home.cssGzipKb} kB gzip`);
  for (const width of [1280, 390]) {
    const r =
      /** @type {{gridVisibleMedianMs: number, gridVisibleMs: number[], firstContentfulPaintMedianMs: number}} */ (
        results[`w${width}`]
      );
    console.log(
      `# ${width}px: product grid visible after ${r.gridVisibleMedianMs} ms (median; runs ${r.gridVisibleMs.join(', ')} ms), first paint ${r.firstContentfulPaintMedianMs} ms`,
    );
  }
  console.log(`# written to ${join(RESULTS_DIR, 'performance.json')}`);
});
