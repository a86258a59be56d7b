// Fit advice from returns (decisions D38) against the real server and the built storefront: once
// a product's returns say `Too small` (FIT_MIN_RETURNS=1 here, so one return decides), its page on
// a phone says it runs small, and `Find my size` suggests one size up. A product nobody returned
// says nothing. This file's server is its own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, deliveredCodOrder, tokenFor } from './support/api.mjs';
import { ADMIN, catalog, launchBrowser, pairAmount, saveScreen, SHOPPER, withFreshPage } from './support/browser.mjs';
import { openProduct } from './support/cart.mjs';
import { startServer } from './support/server.mjs';

/** @typedef {{_id: string, name: string, price: number[], discount: number[], stock?: number[] | null, type?: string[]}} Product */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Product[]} */
let products;

before(async () => {
  server = await startServer('fit-advice', { env: { FIT_MIN_RETURNS: '1' } });
  browser = await launchBrowser();
  products = /** @type {Product[]} */ ((await catalog(server.baseURL)).products);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const RUNS_SMALL = 'Runs small: most shoppers who returned it found it too small. Consider one size up.';

/** A demo product in UK sizes with pairs, that cash on delivery takes; `skip` picks another. */
function ukProduct(/** @type {number} */ skip = 0) {
  const fit = products.filter(
    (p) =>
      Array.isArray(p.stock) &&
      p.stock[0] > 2 &&
      pairAmount(p) <= 10_000 &&
      (p.type ?? []).some((size) => /^UK \d+$/.test(size)),
  );
  assert.ok(fit.length > skip, 'the demo catalog has products in UK sizes');
  return fit[skip];
}

/** One pair of `product` bought in cash, delivered, and returned as too small. */
async function returnedTooSmall(/** @type {Product} */ product) {
  const accounts = { shopper: SHOPPER, admin: ADMIN };
  const orderId = await deliveredCodOrder(server.baseURL, accounts, { product, amount: pairAmount(product) });
  const shopper = await tokenFor(server.baseURL, SHOPPER);
  await apiCall(server.baseURL, '/return/request', {
    method: 'POST',
    token: shopper,
    body: { orderId, lines: [{ line: 0, quantity: 1, reason: 'Too small', kind: 'refund' }] },
  });
}

describe('fit advice from returns', () => {
  test('a product returned as too small says it runs small at 390 px, and Find my size goes one size up', async () => {
    const product = ukProduct();
    const untouched = ukProduct(1);
    await returnedTooSmall(product);

    await withFreshPage(browser, server.baseURL, 390, async (page) => {
      await openProduct(page, product);
      await page.getByText(RUNS_SMALL, { exact: true }).waitFor();
      await page.getByLabel('Foot length (cm)').fill('25.8');
      await page.getByRole('button', { name: 'Find my size' }).click();
      const answer = page.locator('.find-size-answer');
      await answer.getByText(/^Your size: UK \d+ \(one size up: it runs small\)$/).waitFor();
      await saveScreen(page, 'product-runs-small');

      await openProduct(page, untouched);
      await page.getByRole('heading', { name: 'Find my size' }).waitFor();
      assert.equal(await page.getByText(RUNS_SMALL).count(), 0, 'a product nobody returned says nothing of its fit');
    });
  });
});
