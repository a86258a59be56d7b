// Phone-first speed (decisions D12) as a shopper would notice it, on a shop of 10,000
// products: the home page shows its first grid after little JSON, nothing moves when data and
// images arrive, product photos come at the width the screen needs, and more cards come without
// the first ones being loaded again. Asserts byte counts and layout-shift scores, never times.
// The figures are printed and written to test-results/phone-speed.json (docs/performance.md).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, withFreshPage, WIDTHS } from './support/browser.mjs';
import { RESULTS_DIR, startServer } from './support/server.mjs';

const PRODUCTS = 10_000;
/** "At most 100 KB of JSON before the grid shows": 100,000 bytes on the wire, headers included. */
const JSON_BUDGET = 100_000;
/** "Nothing moves when data arrives": the layout shift summed after the first paint. */
const SHIFT_BUDGET = 0.02;
const FIRST_PAGE_CARDS = 12;
const PHOTO_WIDTHS = ['240', '480', '960', '1600'];
const PHONE = 390;

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ value: number, hadRecentInput: boolean, startTime: number, sources: string[] }} Shift */
/** @typedef {Window & { __gridVisibleAt?: number, __layoutShifts?: Shift[], __samePage?: boolean }} Watched */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {{ category: string, product: { _id: string, name: string } }} */
let shop;
/** @type {Record<string, unknown>} */
const figures = { date: new Date().toISOString().slice(0, 10) };
/** @type {Record<string, number>} */
const shifts = {};

before(async () => {
  server = await startServer('phone-speed', { products: PRODUCTS });
  const seeded = /** @type {{ products: number, ms: number }} */ (server.seeded);
  figures.seeded = seeded;
  console.log(`# demo-data --products ${PRODUCTS}: ${seeded.products} products loaded in ${seeded.ms} ms`);
  browser = await launchBrowser();
  const get = async (/** @type {string} */ path) => {
    const reply = await fetch(`${server.baseURL}/api/v1${path}`);
    if (!reply.ok) throw new Error(`GET ${path}: ${reply.status}`);
    return reply.json();
  };
  const [{ categories }, { products }] = await Promise.all([
    get('/category/all-categories'),
    get('/product/get-products?page=1&limit=1'),
  ]);
  shop = { category: categories[0]._id, product: products[0] };
});

after(async () => {
  await browser?.close();
  await server?.stop();
  figures.layoutShift = shifts;
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'phone-speed.json'), `${JSON.stringify(figures, null, 2)}\n`);
});

/** Runs in the page before its own scripts: room for more than the default 250 resource timings. */
function keepResourceTimings() {
  performance.setResourceTimingBufferSize(10_000);
}

/** Runs in the page before its own scripts: notes when the first product card is laid out. */
function watchGrid() {
  const w = /** @type {Watched} */ (window);
  const check = () => {
    const card = document.querySelector('[aria-label="Products"] article');
    if (!card || card.getBoundingClientRect().height === 0) return false;
    w.__gridVisibleAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Runs in the page before its own scripts: keeps every layout shift and what moved. */
function watchShifts() {
  const w = /** @type {Watched} */ (window);
  w.__layoutShifts = [];
  const name = (/** @type {Node | null} */ node) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const classes = typeof node.className === 'string' ? node.className.trim().split(/\s+/).filter(Boolean) : [];
    return [node.tagName.toLowerCase(), ...classes].join('.');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift =
        /** @type {PerformanceEntry & { value: number, hadRecentInput: boolean, sources?: Array<{ node: Node | null, previousRect: DOMRectReadOnly, currentRect: DOMRectReadOnly }> }} */ (
          entry
        );
      w.__layoutShifts?.push({
        value: shift.value,
        hadRecentInput: shift.hadRecentInput,
        startTime: shift.startTime,
        sources: (shift.sources ?? []).map(
          (s) =>
            `${name(s.node)} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} ` +
            `h ${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shop's pages this file visits, each with what shows that its data arrived. */
const PAGES = /** @type {const} */ (['home', 'category', 'product']);
/** @param {(typeof PAGES)[number]} name */
function pageOf(name) {
  if (name === 'home') return { path: '/', ready: (/** @type {Page} */ page) => firstCard(page) };
  if (name === 'category') return { path: `/category/${shop.category}`, ready: firstCard };
  return {
    path: `/product/${shop.product._id}`,
    ready: (/** @type {Page} */ page) =>
      page.getByRole('heading', { level: 1, name: shop.product.name }).waitFor({ state: 'visible' }),
  };
}

const firstCard = (/** @type {Page} */ page) =>
  page.getByRole('list', { name: 'Products' }).locator('article').first().waitFor({ state: 'visible' });

const cardCount = (/** @type {Page} */ page) => page.getByRole('list', { name: 'Products' }).locator('article').count();

/** Data loaded, the images on screen loaded (or failed), then 2 s with nothing asked of the page. */
async function settle(/** @type {Page} */ page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          const onScreen = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
          return !img.complete && onScreen;
        })
        .map(
          (img) =>
            new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
              setTimeout(done, 5000);
            }),
        ),
    ),
  );
  await page.waitForTimeout(2000);
}

/** Every /api/ reply the page received as JSON, from the browser's own resource timing. */
async function jsonReplies(/** @type {Page} */ page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => /** @type {PerformanceResourceTiming & { contentType?: string }} */ (e))
      .filter((e) => {
        if (!new URL(e.name).pathname.startsWith('/api/')) return false;
        // contentType is empty where Chromium does not know it; fetches of /api/ are JSON.
        return e.contentType ? e.contentType.includes('json') : ['fetch', 'xmlhttprequest'].includes(e.initiatorType);
      })
      .map((e) => ({
        url: e.name.replace(location.origin, ''),
        startTime: e.startTime,
        transferSize: e.transferSize,
        encodedBodySize: e.encodedBodySize,
        decodedBodySize: e.decodedBodySize,
      })),
  );
}

/** The number in the listing's count ("10000 products", "10,000 products"), once it shows `expected`. */
async function listingCount(/** @type {Page} */ page, /** @type {number} */ expected) {
  const count = page.getByRole('region', { name: 'All Products' }).getByText(/^\s*\d[\d,]*\s+products?\s*$/);
  let shown = NaN;
  for (let tries = 0; tries < 50; tries += 1) {
    const text = (await count.first().textContent({ timeout: 10_000 })) ?? '';
    shown = Number(text.replace(/[^\d]/g, ''));
    if (shown === expected) break;
    await page.waitForTimeout(200);
  }
  return shown;
}

describe(`home page of a ${PRODUCTS.toLocaleString('en-IN')}-product shop at ${PHONE} px`, () => {
  test('the grid shows after at most 100 KB of JSON, with at least 12 cards and the whole count', async () => {
    await withFreshPage(browser, server.baseURL, PHONE, async (page) => {
      await page.addInitScript(keepResourceTimings);
      await page.addInitScript(watchGrid);
      await page.goto('/');
      await firstCard(page);
      const gridAt = await page.evaluate(() => /** @type {Watched} */ (window).__gridVisibleAt ?? NaN);
      // Replies still arriving when the grid showed count too: wait for them to end.
      await page.waitForLoadState('networkidle').catch(() => {});
      const replies = (await jsonReplies(page)).filter((r) => r.startTime <= gridAt);
      const transferred = replies.reduce((sum, r) => sum + r.transferSize, 0);
      const bodies = replies.reduce((sum, r) => sum + r.encodedBodySize, 0);
      const listed = replies
        .map((r) => `${r.url} ${r.transferSize} B (body ${r.encodedBodySize} B, ${r.decodedBodySize} B decoded)`)
        .join('\n   ');
      console.log(`# JSON before the grid showed: ${transferred} B transferred (bodies ${bodies} B)\n   ${listed}`);
      figures.homeJsonBeforeGrid = { transferredBytes: transferred, bodyBytes: bodies, replies };
      // The grid comes drawn in the HTML (decisions D29): usually no JSON at all before it.
      assert.ok(
        transferred <= JSON_BUDGET,
        `${transferred} B of JSON before the grid showed, more than ${JSON_BUDGET} B:\n   ${listed}`,
      );

      const cards = await cardCount(page);
      assert.ok(cards >= FIRST_PAGE_CARDS, `${cards} cards on the first page, fewer than ${FIRST_PAGE_CARDS}`);
      const seeded = /** @type {{ products: number }} */ (server.seeded).products;
      assert.equal(await listingCount(page, seeded), seeded, 'the count by the heading is every product of the shop');
    });
  });

  test('scrolling to the bottom or Load more adds cards without loading the first ones again', async () => {
    await withFreshPage(browser, server.baseURL, PHONE, async (page) => {
      await page.addInitScript(keepResourceTimings);
      await page.goto('/');
      await firstCard(page);
      await settle(page);
      const grid = page.getByRole('list', { name: 'Products' });
      const names = () => grid.locator('article h3').allTextContents();
      const first = await names();
      // Marks on the page and on the first cards: a reload or a grid built again drops them.
      await page.evaluate(() => {
        /** @type {Watched} */ (window).__samePage = true;
        for (const card of document.querySelectorAll('[aria-label="Products"] article'))
          card.setAttribute('data-e2e-first', '');
      });
      const firstPhotos = await grid
        .locator('article img')
        .evaluateAll((imgs) => imgs.map((img) => /** @type {HTMLImageElement} */ (img).currentSrc).filter(Boolean));
      const fetchesOf = (/** @type {string[]} */ urls) =>
        page.evaluate(
          (seen) => performance.getEntriesByType('resource').filter((e) => seen.includes(e.name)).length,
          urls,
        );
      const photoFetches = await fetchesOf(firstPhotos);

      const more = async (/** @type {number} */ waitMs) => {
        for (let waited = 0; waited < waitMs; waited += 250) {
          if ((await cardCount(page)) > first.length) return true;
          await page.waitForTimeout(250);
        }
        return false;
      };
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      let how = 'scrolling to the bottom';
      if (!(await more(5000))) {
        const button = page.getByRole('button', { name: /load more/i });
        assert.ok(
          await button.isVisible(),
          `still ${first.length} cards after scrolling to the bottom, and no Load more button`,
        );
        await button.click();
        how = 'Load more';
        assert.ok(await more(10_000), `still ${first.length} cards after pressing Load more`);
      }
      const now = await names();
      console.log(`# ${how}: ${first.length} cards, then ${now.length}`);
      figures.loadMore = { how, before: first.length, after: now.length };

      assert.deepEqual(now.slice(0, first.length), first, 'the first cards stay, in their order');
      const kept = await page.evaluate(() => ({
        samePage: /** @type {Watched} */ (window).__samePage === true,
        marked: document.querySelectorAll('[aria-label="Products"] article[data-e2e-first]').length,
        navigations: performance.getEntriesByType('navigation').length,
      }));
      assert.deepEqual(
        kept,
        { samePage: true, marked: first.length, navigations: 1 },
        'the page was not reloaded and the first cards were not built again',
      );
      assert.equal(await fetchesOf(firstPhotos), photoFetches, "the first cards' photos were not fetched again");
    });
  });
});

describe(`no layout shift after the first paint (at most ${SHIFT_BUDGET})`, () => {
  for (const width of WIDTHS) {
    for (const name of PAGES) {
      test(`${name} at ${width} px`, async () => {
        await withFreshPage(browser, server.baseURL, width, async (page) => {
          const { path, ready } = pageOf(name);
          await page.addInitScript(watchShifts);
          await page.goto(path);
          await ready(page);
          await settle(page);
          const { entries, firstPaint } = await page.evaluate(() => ({
            entries: /** @type {Watched} */ (window).__layoutShifts ?? [],
            firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? 0,
          }));
          const counted = entries.filter((e) => !e.hadRecentInput && e.startTime >= firstPaint);
          const total = counted.reduce((sum, e) => sum + e.value, 0);
          shifts[`${name}-${width}`] = Number(total.toFixed(4));
          const moved = counted
            .map((e) => `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${e.sources.join('; ')}`)
            .join('\n   ');
          console.log(`# layout shift, ${name} at ${width} px: ${total.toFixed(4)}${moved ? `\n   ${moved}` : ''}`);
          assert.ok(total <= SHIFT_BUDGET, `${name} at ${width} px shifted ${total.toFixed(4)}:\n   ${moved}`);
        });
      });
    }
  }
});

/** What the page says about each product photo it shows. */
async function productImages(/** @type {Page} */ page) {
  return page.evaluate(() => {
    const firstHero = document.querySelector('[aria-label="Featured products"] [aria-roledescription="slide"] img');
    const mainPhoto = document.querySelector('[aria-label="Product photos"] img');
    return [...document.images]
      .filter((img) => /\/product\/product-photo\//.test(`${img.getAttribute('src')} ${img.getAttribute('srcset')}`))
      .map((img) => ({
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset') ?? '',
        sizes: img.getAttribute('sizes') ?? '',
        loading: img.getAttribute('loading') ?? '',
        fetchPriority: img.getAttribute('fetchpriority') ?? '',
        belowFold: img.getBoundingClientRect().top + window.scrollY >= window.innerHeight,
        inCard: img.closest('article') !== null,
        firstHero: img === firstHero,
        mainPhoto: img === mainPhoto,
      }));
  });
}

/** What is wrong with an image's srcset and sizes, if anything. */
function srcsetProblems(/** @type {{ srcset: string, sizes: string }} */ img) {
  const problems = [];
  const candidates = img.srcset
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (candidates.length < 2) problems.push(`srcset "${img.srcset}" offers fewer than 2 widths`);
  for (const candidate of candidates) {
    const [url, descriptor = ''] = candidate.split(/\s+/);
    const width = /\/product\/product-photo\/[^?\s]+\?(?:[^\s]*&)?w=(\d+)(?:&|$)/.exec(url)?.[1];
    if (!width || !PHOTO_WIDTHS.includes(width) || !/^\d+w$/.test(descriptor))
      problems.push(`"${candidate}" is not a product-photo/…?w=(${PHOTO_WIDTHS.join('|')}) candidate with a width`);
  }
  if (!img.sizes.trim()) problems.push('no sizes');
  return problems;
}

describe(`product photos at ${PHONE} px: srcset and sizes, eager above the fold, lazy below`, () => {
  for (const name of PAGES) {
    test(name, async () => {
      await withFreshPage(browser, server.baseURL, PHONE, async (page) => {
        const { path, ready } = pageOf(name);
        await page.goto(path);
        await ready(page);
        if (name === 'home') await page.locator('[aria-label="Featured products"] img').first().waitFor();
        if (name === 'product') await page.locator('[aria-label="Product photos"] img').first().waitFor();
        const images = await productImages(page);
        assert.ok(images.length > 0, `no product photo on ${path}`);
        const wrong = images
          .map((img) => ({ src: img.src, problems: srcsetProblems(img) }))
          .filter((img) => img.problems.length > 0);
        assert.ok(
          wrong.length === 0,
          `${wrong.length} of ${images.length} product photos lack the server widths in srcset or sizes, e.g.:\n   ` +
            wrong
              .slice(0, 3)
              .map((img) => `${img.src}: ${img.problems.join('; ')}`)
              .join('\n   '),
        );

        const first = (/** @type {string} */ what, /** @type {(typeof images)[number] | undefined} */ img) => {
          assert.ok(img, `no ${what}`);
          assert.equal(img.fetchPriority, 'high', `the ${what} is fetched with fetchpriority="high"`);
          assert.notEqual(img.loading, 'lazy', `the ${what} is not lazy`);
        };
        if (name === 'home')
          first(
            'first hero slide',
            images.find((img) => img.firstHero),
          );
        if (name === 'product')
          first(
            "product's main photo",
            images.find((img) => img.mainPhoto),
          );
        if (name !== 'product') {
          const below = images.filter((img) => img.inCard && img.belowFold);
          assert.ok(below.length > 0, `no card below the fold at ${PHONE} px`);
          const eager = below.filter((img) => img.loading !== 'lazy');
          assert.ok(
            eager.length === 0,
            `${eager.length} of ${below.length} cards below the fold load their photos eagerly, e.g. ${eager[0]?.src}`,
          );
        }
        const sample = images.find((img) => img.firstHero || img.mainPhoto) ?? images[0];
        console.log(
          `# ${name}: ${images.length} product photos, all with srcset and sizes; e.g. srcset="${sample.srcset}" sizes="${sample.sizes}"`,
        );
      });
    });
  }
});
