// Opens each drawn page in headless Chromium, lets the app hydrate it, and reports React's
// hydration warnings/errors and whether the server's DOM nodes were kept (not drawn again).
import { chromium } from '/work/spike/frontend/node_modules/playwright-core/index.mjs';

const base = process.env.BASE ?? 'http://127.0.0.1:4317';
const urls = {
  home: '/',
  category: '/category/66a1f0c20000000000000002',
  product: '/product/66b200000000000000000001',
  search: '/search?q=sneaker',
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
let failures = 0;
// RETURNING=1: a signed-in shopper whose last page had no sale strip (localStorage as the app keeps it).
const returning = process.env.RETURNING === '1';
for (const width of [390, 1280]) {
  for (const [name, path] of Object.entries(urls)) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const messages = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    if (returning)
      await page.addInitScript(() => {
        localStorage.setItem('saleStrip', '0');
        localStorage.setItem('auth', JSON.stringify({ user: { _id: 'u1', name: 'Asha', email: 'a@x.in', role: 0 }, token: 't', _id: 'u1' }));
        localStorage.setItem('cart', '[]');
      });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        window.__drawn = [...document.querySelectorAll('#root *')];
      });
      document.addEventListener('paduka:app', () => {
        window.__took = performance.now();
      });
    });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__took !== undefined, null, { timeout: 15000 });
    await page.waitForTimeout(1500);
    const kept = await page.evaluate(() => {
      const drawn = window.__drawn;
      const alive = drawn.filter((el) => el.isConnected).length;
      return {
        drawn: drawn.length,
        alive,
        shell: document.querySelector('.app-shell') === drawn[0],
        signedIn: Boolean(document.querySelector('.nav-logout')),
        strip: Boolean(document.querySelector('.sale-banner')),
      };
    });
    const hydration = messages.filter((m) => /hydrat|did not match|server rendered|Minified React error|recoverable/i.test(m));
    const errors = messages.filter((m) => /^(error|pageerror)/.test(m));
    const ok = hydration.length === 0 && kept.shell;
    if (!ok) failures++;
    console.log(
      `${ok ? 'OK  ' : 'FAIL'} ${String(width).padStart(4)}px ${name.padEnd(8)} nodes drawn ${kept.drawn}, still in the page after hydration ${kept.alive}; root kept ${kept.shell}; hydration messages ${hydration.length}; console errors ${errors.length}; after: navbar signed in ${kept.signedIn}, sale strip ${kept.strip}`,
    );
    for (const m of [...new Set([...hydration, ...errors])].slice(0, 6)) console.log('     ', m.slice(0, 1500));
    await context.close();
  }
}
await browser.close();
console.log(failures ? `${failures} failed` : 'no hydration mismatch');
process.exit(failures ? 1 : 0);
