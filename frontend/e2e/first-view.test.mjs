// The first view in HTML (decisions D29): the home, a category and a product page arrive drawn
// by the server, so a browser without JavaScript still shows the products, and the app takes
// over from the data the page carries without asking for it again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  catalog,
  launchBrowser,
  SHOPPER,
  shownPrice,
  signIn,
  toast,
  waitForApp,
  withFreshPage,
} from './support/browser.mjs';
import { startServer } from './support/server.mjs';

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof catalog>>} */
let demo;

before(async () => {
  server = await startServer('first-view');
  browser = await launchBrowser();
  demo = await catalog(server.baseURL);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Runs `body` on a fresh phone-sized page, with or without JavaScript.
 * @param {boolean} javaScriptEnabled
 * @param {(page: import('playwright-core').Page) => Promise<void>} body
 */
async function onPhone(javaScriptEnabled, body) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
    javaScriptEnabled,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    await body(page);
    assert.deepEqual(errors, [], 'uncaught errors in the page');
  } finally {
    await context.close();
  }
}

/** The names and prices of the product cards on the page. */
async function cards(/** @type {import('playwright-core').Page} */ page) {
  const grid = page.getByRole('list', { name: 'Products' });
  await grid.waitFor();
  return grid.locator('article').evaluateAll((articles) =>
    articles.map((a) => ({
      name: a.querySelector('h3')?.textContent ?? '',
      price: a.querySelector('.price-now')?.textContent ?? '',
    })),
  );
}

const newestFirst = (/** @type {typeof demo.products} */ products) => products.slice(0, 24);
const expected = (/** @type {typeof demo.products} */ products) =>
  products.map((p) => ({ name: p.name, price: shownPrice(p.price[0] ?? 0, p.discount[0] ?? 0) }));

describe('without JavaScript', () => {
  test('the home page shows the banner and the newest products with their prices', async () => {
    await onPhone(false, async (page) => {
      await page.goto('/');
      assert.deepEqual(await cards(page), expected(newestFirst(demo.products)));
      const banner = page.getByRole('region', { name: 'Featured products' });
      assert.equal(await banner.locator('.hero-slide.is-current h2').count(), 1);
      const photo = banner.locator('.hero-slide.is-current img');
      assert.match((await photo.getAttribute('srcset')) ?? '', /w=480&v=\S+ 480w/);
      assert.equal(await page.locator('link[rel="preload"][as="image"]').count(), 1);
    });
  });

  test('a category page shows its name and its products with their prices', async () => {
    const category = demo.categories[0];
    assert.ok(category, 'the demo shop has a category');
    const inCategory = demo.products.filter((p) => p.category._id === category._id);
    await onPhone(false, async (page) => {
      await page.goto(`/category/${encodeURIComponent(category._id)}`);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), category.name);
      assert.deepEqual(await cards(page), expected(newestFirst(inCategory)));
    });
  });

  test("a product page shows the product's name, price, sizes and photo", async () => {
    const product = demo.products.find((p) => p.type.length >= 2) ?? demo.products[0];
    assert.ok(product, 'the demo shop has a product');
    await onPhone(false, async (page) => {
      await page.goto(`/product/${encodeURIComponent(product._id)}`);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), product.name);
      const price = await page.locator('.price-block .price-now').textContent();
      const shown = product.price.map((p, i) => shownPrice(p, product.discount[i] ?? 0));
      assert.ok(shown.includes(price ?? ''), `${price} is one of ${shown.join(', ')}`);
      const sizes = (await page.locator('.variant-option').allTextContents()).map((t) => t.replace(/ Sold out$/, ''));
      assert.deepEqual(sizes, product.type);
      const photo = page.locator('.gallery-slide img').first();
      assert.equal(await photo.getAttribute('alt'), product.name);
      assert.match((await photo.getAttribute('srcset')) ?? '', /1600w/);
    });
  });
});

/** Runs in the page before its own scripts: sums every layout shift the shopper did not cause. */
function watchShifts() {
  const w = /** @type {Window & { __shift?: number }} */ (window);
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = /** @type {PerformanceEntry & { value: number, hadRecentInput: boolean }} */ (entry);
      // What the shopper's own tap moves (the menu opening) does not count.
      if (!shift.hadRecentInput) w.__shift = (w.__shift ?? 0) + shift.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

describe('with JavaScript', () => {
  test('nothing moves when the app takes over the home, a category and a product page', async () => {
    const category = demo.categories[0];
    const product = demo.products[0];
    assert.ok(category && product);
    const paths = ['/', `/category/${encodeURIComponent(category._id)}`, `/product/${encodeURIComponent(product._id)}`];
    for (const path of paths) {
      await onPhone(true, async (page) => {
        await page.addInitScript(watchShifts);
        await page.goto(path);
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.locator('#main-menu.is-open').waitFor();
        await page.getByRole('button', { name: 'Menu' }).click();
        const shift = await page.evaluate(() => /** @type {Window & { __shift?: number }} */ (window).__shift ?? 0);
        assert.ok(shift < 0.01, `${path}: layout shift ${shift}`);
      });
    }
  });

  test('the app takes over the home page without asking again for what the page held', async () => {
    await onPhone(true, async (page) => {
      /** @type {string[]} */
      const asked = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/v1/')) asked.push(`${url.pathname}${url.search}`);
      });
      await page.goto('/');
      // The app is running once its navbar answers: the menu opens.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.locator('#main-menu.is-open').waitFor();
      assert.deepEqual(await cards(page), expected(newestFirst(demo.products)));
      const again = asked.filter((url) => /\/product\/get-products\?(.*&)?page=1\b|featured|all-categories/.test(url));
      assert.deepEqual(again, [], 'the first page, the banner and the categories were in the HTML');
    });
  });

  test('a product page the app takes over keeps its name and asks only for its reviews', async () => {
    const product = demo.products[0];
    assert.ok(product);
    await onPhone(true, async (page) => {
      /** @type {string[]} */
      const asked = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`/product/${encodeURIComponent(product._id)}`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.locator('#main-menu.is-open').waitFor();
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), product.name);
      assert.deepEqual(
        asked.filter((path) => path.startsWith('/api/v1/product/get-product/')),
        [],
        'the product was in the HTML',
      );
    });
  });

  test('a tap and typing before the app has taken over are not lost', async () => {
    const product = demo.products[0];
    assert.ok(product);
    // At 1280 px, where the navbar's search box shows without the menu.
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      // The app's code held back until the shopper has acted: the drawn page is there before it.
      const release = await holdTheAppsCode(page);
      await page.goto(`/product/${encodeURIComponent(product._id)}`, { waitUntil: 'domcontentloaded' });
      await tap(page, page.getByRole('button', { name: 'Add to Cart' }));
      await page.getByRole('searchbox', { name: 'Search shoes' }).pressSequentially('Kolapuri');
      release();
      // The app, once running, answers the tap as it would have (a visitor is asked to sign in),
      // and suggests for what was typed into the field the server drew.
      await toast(page, 'Login to Add to Cart').waitFor();
      const box = page.getByRole('combobox', { name: 'Search shoes' });
      assert.equal(await box.inputValue(), 'Kolapuri');
      await page
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('option', { name: /Kolhapuri Classic/ })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  test('a pincode typed and checked before the app has taken over is checked', async () => {
    const product = demo.products[0];
    assert.ok(product);
    await onPhone(true, async (page) => {
      const release = await holdTheAppsCode(page);
      await page.goto(`/product/${encodeURIComponent(product._id)}`, { waitUntil: 'domcontentloaded' });
      const box = page.getByRole('region', { name: 'Check Delivery Availability' });
      await box.getByLabel('Pincode').pressSequentially('281001');
      await tap(page, box.getByRole('button', { name: 'Check' }));
      release();
      // The app's Check reads the pincode the app was given, not the empty field it started with.
      await box.getByRole('status').getByText('Delivery available at this pincode').waitFor();
    });
  });

  test("Playwright's click waits for the app's button: Add to Cart, then straight to the cart, keeps the pair", async () => {
    const product = demo.products[0];
    assert.ok(product);
    await withFreshPage(browser, server.baseURL, 1280, async (page) => {
      await signIn(page, SHOPPER);
      const release = await holdTheAppsCode(page);
      await page.goto(`/product/${encodeURIComponent(product._id)}`, { waitUntil: 'domcontentloaded' });
      const addToCart = page.getByRole('button', { name: 'Add to Cart' });
      assert.equal(await addToCart.isEnabled(), false, 'the drawn button is marked unavailable until the app is there');
      const clicked = addToCart.click();
      release();
      // Made on the app's own button, the tap is done when the click returns: leaving at once keeps it.
      await clicked;
      await page.goto('/user/cart');
      await page.getByRole('list', { name: 'Cart items' }).getByText(product.name).waitFor();
    });
  });

  test('a press begun on the drawn page and let go once the app has taken over is a tap', async () => {
    await onPhone(true, async (page) => {
      const release = await holdTheAppsCode(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const menu = await middleOf(page.getByRole('button', { name: 'Menu' }));
      await page.mouse.move(menu.x, menu.y);
      await page.mouse.down();
      // The button pressed is drawn over while the mouse button is still down.
      release();
      await waitForApp(page);
      await page.mouse.up();
      await page.locator('#main-menu.is-open').waitFor();
    });
  });
});

/** The middle of what `locator` finds, scrolled into view, in the page's coordinates. */
async function middleOf(/** @type {import('playwright-core').Locator} */ locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  assert.ok(box, 'it is on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A person's tap on what `locator` finds: the mouse pressed and let go over it, whether or not
 * it is ready (Playwright's own click waits for the app's controls, which the drawn page marks
 * unavailable until then).
 */
async function tap(
  /** @type {import('playwright-core').Page} */ page,
  /** @type {import('playwright-core').Locator} */ locator,
) {
  const { x, y } = await middleOf(locator);
  await page.mouse.click(x, y);
}

/**
 * Holds back the app's code, as on a slow phone network, until the returned function is called.
 * The page's load event waits for it: go to pages with `waitUntil: 'domcontentloaded'`.
 */
async function holdTheAppsCode(/** @type {import('playwright-core').Page} */ page) {
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
