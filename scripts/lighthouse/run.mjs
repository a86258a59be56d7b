// Lighthouse 12 in Debian's Chromium over a few pages of a running shop, mobile (Lighthouse's
// default emulation: a mid-range phone, simulated slow 4G, 4x CPU slowdown) and desktop
// (`--preset=desktop`). Each page and form factor is run RUNS times, each in a fresh browser;
// the table gives the median of each figure. Called by scripts/bench-lighthouse.sh.
//
//   node run.mjs BASE_URL NAME=PATH... [--runs 3] [--out DIR] [--only mobile|desktop]
//
// Prints a Markdown table (performance score, CLS, LCP, TBT, SEO score), then, per page and
// form factor, the performance audits that cost points in the median run, and writes every
// run's report as JSON under DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const runs = Number(option('--runs', '3'));
const out = option('--out', 'lighthouse-reports');
const only = option('--only', '');
const [base, ...pageArgs] = args;
if (!base || pageArgs.length === 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node run.mjs BASE_URL NAME=PATH... [--runs 3] [--out DIR] [--only mobile|desktop]');
  process.exit(2);
}
const pages = pageArgs.map((arg) => {
  const at = arg.indexOf('=');
  return { name: arg.slice(0, at), url: new URL(arg.slice(at + 1), base).href };
});
const formFactors = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
].filter((form) => !only || form.name === only);
mkdirSync(out, { recursive: true });

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse run in a browser of its own (a fresh profile: nothing cached). */
async function runOnce(url, config) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] },
      config,
    );
    if (!result) throw new Error(`no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const figures = (lhr) => ({
  performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
  seo: Math.round((lhr.categories.seo?.score ?? NaN) * 100),
  cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
  fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
  // Lighthouse's measure of this machine's speed at the time (a quiet desktop scores 1000-2000).
  benchmark: lhr.environment?.benchmarkIndex ?? NaN,
});

/** Performance audits that lost points, and failed SEO audits, in one run. */
function costs(lhr) {
  const lines = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (ref.weight === 0 && audit.scoreDisplayMode !== 'metricSavings') continue;
    const value = audit.displayValue ? `: ${audit.displayValue}` : '';
    lines.push(`performance ${ref.weight > 0 ? `(weight ${ref.weight}) ` : ''}${audit.id}${value}`);
  }
  for (const id of ['largest-contentful-paint-element', 'layout-shifts']) {
    const items = lhr.audits[id]?.details?.items ?? [];
    for (const item of items.flatMap((i) => (i.type === 'table' ? i.items : [i]))) {
      const node = item.node?.snippet ?? item.node?.selector;
      if (node)
        lines.push(`${id}: ${String(node).slice(0, 160)}${item.score ? ` (shift ${item.score.toFixed(4)})` : ''}`);
      const phases = item.phase && item.timing ? `${item.phase} ${Math.round(item.timing)} ms` : '';
      if (phases) lines.push(`  ${phases}`);
    }
  }
  for (const ref of lhr.categories.seo?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
      lines.push(`seo ${audit.id}: ${audit.title}`);
  }
  return lines;
}

let version = '?';
const rows = [];
const notes = [];
for (const page of pages) {
  for (const form of formFactors) {
    const lhrs = [];
    for (let i = 1; i <= runs; i += 1) {
      const lhr = await runOnce(page.url, form.config);
      writeFileSync(join(out, `${page.name}-${form.name}-${i}.json`), JSON.stringify(lhr));
      const f = figures(lhr);
      console.log(
        `   ${page.name} ${form.name} run ${i}: performance ${f.performance}, CLS ${f.cls.toFixed(3)}, ` +
          `LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms, FCP ${Math.round(f.fcp)} ms, SEO ${f.seo}, ` +
          `BenchmarkIndex ${Math.round(f.benchmark)}`,
      );
      version = lhr.lighthouseVersion;
      lhrs.push(lhr);
    }
    const all = lhrs.map(figures);
    const m = Object.fromEntries(Object.keys(all[0]).map((key) => [key, median(all.map((f) => f[key]))]));
    rows.push({ page: page.name, form: form.name, ...m });
    // The run whose performance score is the median one tells what cost points.
    const byScore = [...lhrs].sort((a, b) => figures(a).performance - figures(b).performance);
    notes.push({ page: page.name, form: form.name, lines: costs(byScore[Math.floor((byScore.length - 1) / 2)]) });
  }
}

console.log();
console.log(`medians of ${runs} runs (Lighthouse ${version}, ${CHROME_PATH}):`);
console.log('| page | form factor | performance | CLS | LCP | TBT | FCP | SEO | BenchmarkIndex |');
console.log('|------|-------------|------------:|----:|----:|----:|----:|----:|---------------:|');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.form} | ${r.performance} | ${r.cls.toFixed(3)} | ${(r.lcp / 1000).toFixed(2)} s | ` +
      `${Math.round(r.tbt)} ms | ${(r.fcp / 1000).toFixed(2)} s | ${r.seo} | ${Math.round(r.benchmark)} |`,
  );
}
console.log();
console.log('goals (mobile, issue 33): performance 100, CLS at most 0.02, LCP at most 1.5 s');
for (const r of rows.filter((x) => x.form === 'mobile')) {
  const missed = [
    r.performance < 100 && `performance ${r.performance}`,
    r.cls > 0.02 && `CLS ${r.cls.toFixed(3)}`,
    r.lcp > 1500 && `LCP ${(r.lcp / 1000).toFixed(2)} s`,
  ].filter(Boolean);
  console.log(`   ${r.page}: ${missed.length ? `missed: ${missed.join(', ')}` : 'met'}`);
}
console.log();
console.log('what cost points (the median-scoring run):');
for (const n of notes) {
  console.log(`   ${n.page} ${n.form}:${n.lines.length ? '' : ' nothing'}`);
  for (const line of n.lines) console.log(`     ${line}`);
}
console.log(`reports: ${out}/`);
