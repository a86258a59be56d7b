// Renders the four fixtures with the server bundle in Node (real URL, URLSearchParams, Intl),
// writes out/<page>.node.html, and times renders. `--shims`: install ssr-shims.js first, with
// Node's URL, URLSearchParams and Intl removed, to check the shims against the real thing.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';

const shims = process.argv.includes('--shims');
const bundle = process.env.BUNDLE ?? '/work/spike/frontend/dist-ssr/entry-server.js';
const pages = ['home', 'category', 'product', 'search'];
const suffix = shims ? 'node-shims' : 'node';

if (shims) {
  delete globalThis.URL;
  delete globalThis.URLSearchParams;
  delete globalThis.Intl;
  // Same as the engine: setTimeout etc. come from the shims.
  vm.runInThisContext(readFileSync('/work/spike/ssr-shims.js', 'utf8'), { filename: 'ssr-shims.js' });
}
const t0 = performance.now();
const mod = await import(bundle);
await mod.whenReady();
const t1 = performance.now();
console.log(`load ${(t1 - t0).toFixed(1)} ms`);
for (const page of pages) {
  const { url, firstView } = JSON.parse(readFileSync(`/work/spike/fixtures/${page}.json`, 'utf8'));
  const json = JSON.stringify(firstView);
  const html = mod.render(url, json);
  writeFileSync(`/work/spike/out/${page}.${suffix}.html`, html);
  const times = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    mod.render(url, json);
    times.push(performance.now() - s);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(`${page.padEnd(9)} ${String(html.length).padStart(6)} chars  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms  max ${times.at(-1).toFixed(2)} ms  cpu mean ${((cpu.user + cpu.system) / 1000 / 200).toFixed(2)} ms`);
}
