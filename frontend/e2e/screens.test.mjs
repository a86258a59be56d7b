// A full-page screenshot of every main shopper screen at 390 px and 1280 px, for people to look
// at (test-results/screens/), plus the checks a glance would make: nothing wider than the screen,
// no broken images.
import { after, before, describe, test } from 'node:test';
import {
  catalog,
  launchBrowser,
  looksSound,
  openPage,
  saveScreen,
  SCREENS_DIR,
  signIn,
  WIDTHS,
} from './support/browser.mjs';
import { startServer } from './support/server.mjs';

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof catalog>>} */
let demo;

before(async () => {
  server = await startServer('screens');
  browser = await launchBrowser();
  demo = await catalog(server.baseURL);
  console.log(`# screenshots: ${SCREENS_DIR}`);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const width of WIDTHS) {
  describe(`screens at ${width} px`, () => {
    test('visitor screens', async () => {
      const { context, page } = await openPage(browser, server.baseURL, width);
      const product = demo.products.find((p) => p.price.length >= 2) ?? demo.products[0];
      const screens = [
        ['home', '/', () => page.getByRole('list', { name: 'Products' }).waitFor()],
        [
          'category',
          `/category/${demo.categories[0]._id}`,
          () => page.getByRole('list', { name: 'Products' }).waitFor(),
        ],
        [
          'product',
          `/product/${product._id}`,
          () => page.getByRole('heading', { level: 1, name: product.name }).waitFor(),
        ],
        ['login', '/login', () => page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()],
        ['register', '/register', () => page.getByRole('button', { name: 'Create an account' }).waitFor()],
        ['not-found', '/no-such-page', () => page.getByRole('heading', { name: 'Page Not Found' }).waitFor()],
        ['about-dev', '/about-dev', () => page.getByRole('heading', { name: 'About Dev' }).waitFor()],
        ['policy', '/policy', () => page.getByRole('link', { name: 'Back to Home' }).waitFor()],
      ];
      try {
        for (const [name, path, ready] of /** @type {Array<[string, string, () => Promise<void>]>} */ (screens)) {
          await page.goto(path);
          await ready();
          await saveScreen(page, name);
          await looksSound(page, name);
        }
        if (width < 600) {
          await page.goto('/');
          await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('link', { name: 'Login' }).waitFor();
          await page.screenshot({ path: `${SCREENS_DIR}/menu-open-${width}.png` });
          await page.getByRole('button', { name: 'Menu' }).click();
          await page.getByRole('button', { name: /^Filters/ }).click();
          await page.getByRole('checkbox', { name: demo.categories[0].name }).waitFor();
          // Below the sticky header, as a shopper sees the open panel.
          await page
            .getByRole('heading', { name: 'All Products' })
            .evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 80));
          await page.screenshot({ path: `${SCREENS_DIR}/filters-open-${width}.png` });
        }
      } finally {
        await context.close();
      }
    });

    test('shopper screens: cart with two variants, profile, orders, admin refusal', async () => {
      const { context, page } = await openPage(browser, server.baseURL, width);
      const product = demo.products.find((p) => p.price.length >= 2) ?? demo.products[0];
      try {
        await signIn(page);
        await page.goto(`/product/${product._id}`);
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByRole('radio').nth(1).check({ force: true });
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.waitForFunction(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length === 2);

        await page.goto('/user/cart');
        await page.getByRole('heading', { name: 'Order Summary' }).waitFor({ timeout: 8000 });
        await saveScreen(page, 'cart');
        await looksSound(page, 'cart');

        await page.goto('/user/profile');
        await page.getByLabel('Full Name').waitFor();
        await saveScreen(page, 'profile');
        await looksSound(page, 'profile');

        await page.goto('/user/orders');
        await page.getByRole('heading', { name: 'My Orders' }).waitFor();
        await page.waitForLoadState('networkidle');
        await saveScreen(page, 'orders');
        await looksSound(page, 'orders');

        await page.goto('/admin');
        await page.getByRole('heading', { name: 'Your are not authorized to access this page' }).waitFor();
        await saveScreen(page, 'admin-refused');
      } finally {
        await context.close();
      }
    });
  });
}
