// Time from the app's code starting (main.tsx's mark) to its first commit (`paduka:app`), and the
// main thread's long tasks meanwhile, with the CPU slowed 4x (a phone): hydrateRoot vs createRoot.
import { chromium } from '/work/spike/frontend/node_modules/playwright-core/index.mjs';
const base = process.env.BASE;
const urls = { home: '/', category: '/category/66a1f0c20000000000000002', product: '/product/66b200000000000000000001' };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, path] of Object.entries(urls)) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
      document.addEventListener('paduka:app', () => (window.__took = performance.now()));
    });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__took !== undefined, null, { timeout: 20000 });
    const r = await page.evaluate(() => {
      const start = performance.getEntriesByName('paduka:app-code')[0].startTime;
      const long = window.__long.filter(([s, d]) => s + d >= start && s <= window.__took);
      return { takeover: window.__took - start, longest: Math.max(0, ...long.map(([, d]) => d)) };
    });
    runs.push(r);
    await context.close();
  }
  const med = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[2].toFixed(0);
  console.log(`${process.env.MODE ?? 'hydrateRoot'} ${name.padEnd(8)} code start -> first commit: median ${med('takeover')} ms; longest task median ${med('longest')} ms (CPU x4, 5 runs)`);
}
await browser.close();
