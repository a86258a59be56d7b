// After `vite build`: the JavaScript the home route loads (the entry script plus its
// modulepreloads in dist/index.html), gzipped, must stay under the budget. Its CSS (the
// stylesheets index.html links) is reported beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const unique = (matches) => [...new Set(matches.map((m) => m[1]))];
const scripts = unique([
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
]);
const styles = unique([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)]);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const report = (files) => {
  let total = 0;
  for (const file of files) {
    const kb = gzipKb(file);
    total += kb;
    console.log(`  ${file.padEnd(44)} ${kb.toFixed(2).padStart(8)} kB gzip`);
  }
  return total;
};

const js = report(scripts);
console.log(`home route JS: ${js.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);
const css = report(styles);
console.log(`home route CSS: ${css.toFixed(2)} kB gzip`);
if (js > BUDGET_KB) {
  console.error(`Over budget by ${(js - BUDGET_KB).toFixed(2)} kB: lazy-load more routes.`);
  process.exit(1);
}
