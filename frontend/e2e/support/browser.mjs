// The system Chromium driven by playwright-core (no browser download), and what the journeys share.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { RESULTS_DIR } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENS_DIR = join(RESULTS_DIR, 'screens');
export const WIDTHS = /** @type {const} */ ([390, 1280]);

export const SHOPPER = { email: 'shopper@paduka.local', password: 'paduka-shopper' };
export const ADMIN = { email: 'admin@paduka.local', password: 'paduka-admin' };

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

/** @returns {Promise<Browser>} */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package.`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context (no cookies, no storage) and page at one of the two widths.
 * @param {Browser} browser
 * @param {string} baseURL
 * @param {number} [width]
 */
export async function openPage(browser, baseURL, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

/**
 * Runs `body` on a fresh page (see `openPage`), closes it, and fails on uncaught page errors.
 * @param {Browser} browser
 * @param {string} baseURL
 * @param {number} width
 * @param {(page: Page) => Promise<void>} body
 */
export async function withFreshPage(browser, baseURL, width, body) {
  const { context, page, errors } = await openPage(browser, baseURL, width);
  try {
    await body(page);
    assert.deepEqual(errors, [], 'uncaught errors in the page');
  } finally {
    await context.close();
  }
}

/** The product cards of the grid on screen: name, category, shown price (rupees) and its text. */
export async function readCards(/** @type {Page} */ page) {
  const grid = page.getByRole('list', { name: 'Products' });
  await grid.locator('article').first().waitFor();
  return grid.locator('article').evaluateAll((cards) =>
    cards.map((card) => {
      const text = (/** @type {string} */ selector) => card.querySelector(selector)?.textContent?.trim() ?? '';
      const priceText = text('.price-now');
      return {
        name: text('h3'),
        category: text('.product-card-category'),
        description: text('.product-card-desc'),
        badge: text('.product-card-badge'),
        priceText,
        price: Number(priceText.replace(/[^\d.]/g, '')),
      };
    }),
  );
}

/** Waits until the grid's card names differ from `before` (React re-renders after a filter). */
export async function waitForGridChange(/** @type {Page} */ page, /** @type {string[]} */ before) {
  await page.waitForFunction(
    (names) => {
      const now = [...document.querySelectorAll('[aria-label="Products"] article h3')].map((h) => h.textContent);
      return now.join('|') !== names.join('|');
    },
    before,
    { timeout: 10_000 },
  );
}

/**
 * Waits until the app runs the page (decisions D32): on a page the server drew, the buttons that
 * need the app are disabled and say `not ready yet` (in their text, label or tooltip) until the
 * app has hydrated the part of the page they are in. The header, the page and the footer hydrate
 * one after another, so the navbar's menu button (on every page, hidden at 1280 px) being ready
 * says nothing of the page's own buttons: wait for it and for no button left saying so. A page
 * the app drew alone has them ready at once.
 */
export async function waitForApp(/** @type {Page} */ page) {
  await page.locator('button.nav-toggle:not([aria-disabled="true"])').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.body.innerHTML.includes('not ready yet'));
}

/** The text of the newest toast whose text matches. */
export function toast(/** @type {Page} */ page, /** @type {string | RegExp} */ text) {
  return page.locator('.Toastify__toast').filter({ hasText: text }).first();
}

/** Signs in through the login form and waits for the home page. */
export async function signIn(/** @type {Page} */ page, account = SHOPPER) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // On small screens the menu is folded: the button exists but is not visible.
  await page.getByRole('button', { name: 'LogOut', includeHidden: true }).waitFor({ state: 'attached' });
}

/** Scrolls through the page so lazy images load, then back to the top. */
export async function loadWholePage(/** @type {Page} */ page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
              setTimeout(done, 3000);
            }),
        ),
    ),
  );
}

/**
 * A screenshot under test-results/screens/NAME-WIDTH.png, the whole page unless `fullPage` is
 * false (a modal is seen in the window); returns its path.
 */
export async function saveScreen(/** @type {Page} */ page, /** @type {string} */ name, { fullPage = true } = {}) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(SCREENS_DIR, `${name}-${width}.png`);
  await loadWholePage(page);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/**
 * The demo catalog straight from the API, for expectations that must not hard-code data.
 * @param {string} baseURL
 */
export async function catalog(baseURL) {
  const get = async (/** @type {string} */ path) => {
    const reply = await fetch(`${baseURL}/api/v1${path}`);
    if (!reply.ok) throw new Error(`GET ${path}: ${reply.status}`);
    return reply.json();
  };
  const [{ products }, { categories }] = await Promise.all([
    get('/product/get-products'),
    get('/category/all-categories'),
  ]);
  return {
    /**
     * @type {Array<{_id: string, name: string, price: number[], salePrice: number[], discount: number[], type: string[],
     *   model: string[], category: {_id: string, name: string}, stock: number[] | null, hasPhoto: boolean,
     *   color: string[], colors: Array<{name: string, hex: string | null, photos: string[]}>}>}
     */
    products,
    /** @type {Array<{_id: string, name: string}>} */
    categories,
  };
}

const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** The price a shopper should see for a variant, as the shop formats it (`₹1,299`, `₹4,919.18`). */
export function shownPrice(/** @type {number} */ price, /** @type {number} */ discount) {
  const paise = Math.round((Math.round(price * 100) * (100 - discount)) / 100);
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : withPaise.format(paise / 100);
}

/** The order amount in whole rupees: the spec's formula with the fraction cut off. */
export function orderAmount(/** @type {Array<{price: number, discount: number, quantity: number}>} */ lines) {
  const centiPaise = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * (100 - l.discount) * l.quantity, 0);
  return Math.floor(centiPaise / 10000);
}

/** The storefront's whole rupees: `₹1,299`. */
export const rupees = (/** @type {number} */ n) => `₹${n.toLocaleString('en-IN')}`;

/** What one pair of a product's first size costs, in whole rupees. */
export function pairAmount(/** @type {{price: number[], discount: number[]}} */ product) {
  return orderAmount([{ price: product.price[0], discount: product.discount[0] ?? 0, quantity: 1 }]);
}

/**
 * Runs `body` on a fresh page at `width` (see `withFreshPage`), signed in as `account`, with
 * confirm() dialogs accepted.
 * @param {Browser} browser
 * @param {string} baseURL
 * @param {(page: Page) => Promise<void>} body
 */
export function withSignedInPage(browser, baseURL, body, { account = SHOPPER, width = 1280 } = {}) {
  return withFreshPage(browser, baseURL, width, async (page) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, account);
    await body(page);
  });
}

/**
 * Clicks the button `name` of a window that closes itself when it is clicked (the sandbox's
 * Cancel): the window may be gone before the click's last step, which is then no failure.
 */
export async function clickClosingButton(/** @type {Page} */ page, /** @type {string} */ name) {
  const closed = page.waitForEvent('close');
  await page
    .getByRole('button', { name })
    .click()
    .catch((/** @type {unknown} */ error) => {
      if (!page.isClosed()) throw error;
    });
  await closed;
}

/** What a glance at the page would catch. */
export async function looksSound(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ name) {
  const report = await page.evaluate(() => ({
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    broken: [...document.images]
      .filter((img) => img.complete && img.naturalWidth === 0 && getComputedStyle(img).display !== 'none')
      .map((img) => img.currentSrc || img.src),
  }));
  assert.ok(
    report.scrollWidth <= report.width,
    `${name}: page is ${report.scrollWidth}px wide on a ${report.width}px screen`,
  );
  assert.deepEqual(report.broken, [], `${name}: broken images`);
}
