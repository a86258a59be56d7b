// The drawn pages (decisions D29, D32): the home, a category, a product and a search page arrive
// drawn by the server with the app's own components (its server bundle in QuickJS), so a browser
// without JavaScript still shows the products and can search; the app hydrates the very markup
// from the data the page carries, without a mismatch, a shift or asking for it again. Until then
// buttons that need the app are disabled and say so; no tap is kept for later.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { catalog, launchBrowser, SHOPPER, shownPrice, signIn, waitForApp, withFreshPage } from './support/browser.mjs';
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

/**
 * Asks for `path` until the server answers it drawn. A render later than the server's wait is
 * served as the plain shell and finishes into the page cache (decisions D32): on a machine busy
 * several times over (CI's lanes side by side: a cold product page waited past 500 ms at a load
 * average of 12) the first answer can be the shell. These tests look at the drawn page itself,
 * so they open it once the server draws it; the shell's own journey is `when the engine fails`.
 * @param {string} path
 */
async function drawn(path) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const html = await (await fetch(new URL(path, server.baseURL))).text();
    if (!html.includes('<div id="root"></div>')) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  assert.fail(`${path} was served as the plain shell for 10 s`);
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
    await drawn('/');
    await onPhone(false, async (page) => {
      await page.goto('/');
      assert.deepEqual(await cards(page), expected(newestFirst(demo.products)));
      const banner = page.getByRole('region', { name: 'Featured products' });
      assert.equal(await banner.locator('.hero-slide.is-current h2').count(), 1);
      const photo = banner.locator('.hero-slide.is-current img');
      assert.match((await photo.getAttribute('srcset')) ?? '', /w=480&v=\S+ 480w/);
      // The banner's photo, preloaded as the app's own component asks (React hoists it).
      assert.equal(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count(), 1);
    });
  });

  test('a category page shows its name and its products with their prices', async () => {
    const category = demo.categories[0];
    assert.ok(category, 'the demo shop has a category');
    const inCategory = demo.products.filter((p) => p.category._id === category._id);
    await drawn(`/category/${encodeURIComponent(category._id)}`);
    await onPhone(false, async (page) => {
      await page.goto(`/category/${encodeURIComponent(category._id)}`);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), category.name);
      assert.deepEqual(await cards(page), expected(newestFirst(inCategory)));
    });
  });

  test("a product page shows the product's name, price, sizes and photo", async () => {
    const product = demo.products.find((p) => p.type.length >= 2) ?? demo.products[0];
    assert.ok(product, 'the demo shop has a product');
    await drawn(`/product/${encodeURIComponent(product._id)}`);
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
  test('the search form lists what the words find, and its links lead on', async () => {
    const product = demo.products.find((p) => p.name === 'Kolhapuri Chappal') ?? demo.products[0];
    assert.ok(product);
    // What the form will ask for (a GET form writes spaces as `+`), and where its link leads.
    for (const path of ['/', `/search?${new URLSearchParams({ q: product.name })}`, `/product/${product._id}`])
      await drawn(path);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      // A plain GET form to /search: Enter submits it without the app.
      const box = page.getByRole('combobox', { name: 'Search shoes' });
      await box.fill(product.name);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === product.name);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), `Results for “${product.name}”`);
      const names = await page.getByRole('list', { name: 'Products' }).locator('article h3').allTextContents();
      assert.ok(names.includes(product.name), names.join(', '));
      await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: product.name }).first().click();
      await page.waitForURL(/\/product\//);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), product.name);
    } finally {
      await context.close();
    }
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

  test('the server drew what the app renders: hydrated without a mismatch, the same nodes kept', async () => {
    const category = demo.categories[0];
    const product = demo.products[0];
    assert.ok(category && product);
    const paths = [
      '/',
      `/category/${encodeURIComponent(category._id)}`,
      `/product/${encodeURIComponent(product._id)}`,
      `/search?q=${encodeURIComponent(product.name)}`,
    ];
    for (const width of [390, 1280]) {
      for (const path of paths) {
        const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 844 } });
        context.setDefaultTimeout(15_000);
        try {
          const page = await context.newPage();
          /** @type {string[]} */
          const said = [];
          page.on('console', (message) => {
            if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
          });
          page.on('pageerror', (error) => said.push(String(error)));
          const release = await holdTheAppsCode(page);
          const reply = await page.goto(path, { waitUntil: 'domcontentloaded' });
          assert.equal(reply?.status(), 200, path);
          // The page is drawn: the app's markup, before any of the app's code has run.
          const drawn = await page.evaluate(() => {
            const main = document.querySelector('#root main');
            // The route's own element, inside the layout's Suspense boundary: a mismatch there
            // makes React draw the boundary again, a mismatch above it the whole root.
            /** @type {Window & { __drawnPage?: Element | null }} */ (window).__drawnPage = main?.firstElementChild;
            return main ? summary(main) : null;

            /** What the page shows: its text (without the not-ready notes), links and pictures. */
            function summary(/** @type {Element} */ root) {
              const copy = /** @type {Element} */ (root.cloneNode(true));
              copy.querySelectorAll('.visually-hidden').forEach((note) => {
                if (/not ready yet/.test(note.textContent ?? '')) note.remove();
              });
              // A product's reviews are not in the first view: the app asks for them.
              copy.querySelector('[aria-labelledby="reviews-title"]')?.remove();
              return {
                text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(),
                links: [...copy.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
                photos: [...copy.querySelectorAll('img')].map((img) => img.getAttribute('alt')),
              };
            }
          });
          assert.ok(drawn && drawn.text.length > 0, `${path}: drawn by the server`);
          release();
          await waitForApp(page);
          const hydrated = await page.evaluate(() => {
            const main = document.querySelector('#root main');
            const w = /** @type {Window & { __drawnPage?: Element | null }} */ (window);
            const copy = /** @type {Element} */ (main?.cloneNode(true));
            copy.querySelectorAll('.visually-hidden').forEach((note) => {
              if (/not ready yet/.test(note.textContent ?? '')) note.remove();
            });
            copy.querySelector('[aria-labelledby="reviews-title"]')?.remove();
            return {
              kept: main?.firstElementChild != null && main.firstElementChild === w.__drawnPage,
              summary: {
                text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(),
                links: [...copy.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
                photos: [...copy.querySelectorAll('img')].map((img) => img.getAttribute('alt')),
              },
            };
          });
          // React adopted the server's nodes: a mismatch would have drawn the tree again.
          assert.ok(hydrated.kept, `${path} at ${width} px: the drawn page was replaced, not hydrated`);
          if (path === '/') {
            // The banner turns every 3 s: its slides are all there, whichever is current.
            assert.deepEqual(hydrated.summary.links, drawn.links, `${path}: links`);
          } else {
            assert.deepEqual(hydrated.summary, drawn, `${path} at ${width} px`);
          }
          assert.deepEqual(
            said.filter((text) => /hydrat|did not match|server rendered|error/i.test(text)),
            [],
            `${path} at ${width} px: what the console said`,
          );
        } finally {
          await context.close();
        }
      }
    }
  });

  test('a category page the app hydrates asks for none of the data it carried', async () => {
    const category = demo.categories[0];
    assert.ok(category);
    await onPhone(true, async (page) => {
      /** @type {string[]} */
      const asked = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/v1/')) asked.push(`${url.pathname}${url.search}`);
      });
      await page.goto(`/category/${encodeURIComponent(category._id)}`);
      await waitForApp(page);
      const again = asked.filter((url) => /\/product\/get-products\?(.*&)?page=1\b|all-categories/.test(url));
      assert.deepEqual(again, [], 'the first page and the categories were in the HTML');
    });
  });

  test('before the app is ready Add to Cart is disabled and says so; a tap then adds nothing, the same tap after adds the pair', async () => {
    const product = demo.products[0];
    assert.ok(product);
    await withFreshPage(browser, server.baseURL, 1280, async (page) => {
      await signIn(page, SHOPPER);
      const release = await holdTheAppsCode(page);
      await page.goto(`/product/${encodeURIComponent(product._id)}`, { waitUntil: 'domcontentloaded' });
      const addToCart = page.getByRole('button', { name: 'Add to Cart' });
      assert.equal(await addToCart.isDisabled(), true, 'disabled until the app is there');
      assert.equal(await addToCart.getAttribute('aria-disabled'), 'true');
      assert.match((await addToCart.textContent()) ?? '', /not ready yet/);
      // A person's tap on it meanwhile: nothing happens, and nothing is kept to happen later.
      await tap(page, addToCart);
      release();
      await waitForApp(page);
      assert.equal(await addToCart.isEnabled(), true);
      assert.doesNotMatch((await addToCart.textContent()) ?? '', /not ready/);
      await page.getByRole('link', { name: 'Cart (0)', includeHidden: true }).waitFor({ state: 'attached' });
      // The same tap now adds it.
      await tap(page, addToCart);
      await page.getByRole('link', { name: 'Cart (1)', includeHidden: true }).waitFor({ state: 'attached' });
      await page.goto('/user/cart');
      await page.getByRole('list', { name: 'Cart items' }).getByText(product.name).waitFor();
    });
  });
});

describe('when the engine fails', () => {
  /** @type {import('./support/server.mjs').RunningServer} */
  let broken;
  before(async () => {
    // A server bundle that does not even parse: every drawn page falls back to the plain shell.
    const bundle = join(tmpdir(), `paduka-broken-bundle-${process.pid}.js`);
    writeFileSync(bundle, 'export function render( {');
    broken = await startServer('first-view-broken-engine', { env: { SSR_BUNDLE: bundle } });
  });
  after(async () => {
    await broken?.stop();
  });

  test('every drawn page is the plain app shell with 200, and the app draws it', async () => {
    const category = demo.categories[0];
    const product = demo.products[0];
    assert.ok(category && product);
    // The ids of one demo shop are not another's: take this server's own.
    const own = await catalog(broken.baseURL);
    const paths = [
      '/',
      `/category/${encodeURIComponent(own.categories[0]?._id ?? '')}`,
      `/product/${encodeURIComponent(own.products[0]?._id ?? '')}`,
      '/search?q=shoe',
    ];
    for (const path of paths) {
      const reply = await fetch(new URL(path, broken.baseURL));
      assert.equal(reply.status, 200, path);
      const html = await reply.text();
      assert.match(html, /<div id="root"><\/div>/, `${path}: an empty root`);
      assert.doesNotMatch(html, /<template id="app-code">/, `${path}: the app's code asked for at once`);
    }
    const context = await browser.newContext({ baseURL: broken.baseURL, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const names = await cards(page);
      assert.equal(names.length, Math.min(24, own.products.length));
    } finally {
      await context.close();
    }
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
 * it is ready (Playwright's own click waits for a disabled button to be enabled).
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
