// Returns and size exchanges (decisions section 16) against the real server and the built
// storefront, with the manual courier: a delivered order is returned for one size up from My
// orders in three screens; the admin approves, marks it picked up and receives it, and the
// shopper's order shows the return's progress. A cash on delivery order is refunded to store
// credit, which the profile shows and the cart then spends.
// This file's server is its own: the demo shopper's open cash on delivery orders are counted.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, deliveredCodOrder, tokenFor } from './support/api.mjs';
import {
  ADMIN,
  catalog,
  launchBrowser,
  looksSound,
  pairAmount,
  rupees,
  saveScreen,
  SHOPPER,
  toast,
  WIDTHS,
  withSignedInPage,
} from './support/browser.mjs';
import { addToCart, fillAddress, openCart, openProduct } from './support/cart.mjs';
import { startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{_id: string, name: string, price: number[], discount: number[], stock?: number[] | null, type?: string[]}} Product */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Product[]} */
let products;

before(async () => {
  server = await startServer('returns');
  browser = await launchBrowser();
  products = /** @type {Product[]} */ ((await catalog(server.baseURL)).products);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const onPage = (
  /** @type {(page: Page) => Promise<void>} */ body,
  /** @type {{account?: {email: string, password: string}, width?: number}} */ options = {},
) => withSignedInPage(browser, server.baseURL, body, options);

/**
 * A demo product whose first two sizes cost the same and both have pairs: the first is bought,
 * the second is the exchange's. `skip` picks another one.
 */
function exchangeable(/** @type {number} */ skip = 0) {
  const fit = products.filter(
    (p) =>
      Array.isArray(p.stock) &&
      p.price.length > 1 &&
      p.stock[0] > 4 &&
      p.stock[1] > 4 &&
      p.price[0] === p.price[1] &&
      p.discount[0] === p.discount[1] &&
      pairAmount(p) <= 10_000,
  );
  assert.ok(fit.length > skip, 'the demo catalog has products with two sizes at one price in stock');
  return fit[skip];
}

/** A cash on delivery order for one pair, shipped by hand and delivered, as the admin would. */
async function deliveredOrder(/** @type {Product} */ product) {
  const amount = pairAmount(product);
  const id = await deliveredCodOrder(server.baseURL, { shopper: SHOPPER, admin: ADMIN }, { product, amount });
  return { id, amount };
}

/** The shopper's returns, as the server holds them. */
async function myReturns() {
  const token = await tokenFor(server.baseURL, SHOPPER);
  const { returns } = await apiCall(server.baseURL, '/return/mine', { token });
  return /** @type {Array<{_id: string, number: string, orderId: string, status: string, refundAmount: number, replacementOrderId?: string | null}>} */ (
    returns
  );
}

/** The admin's Returns screen, the row of the return numbered `number`. */
async function returnRow(/** @type {Page} */ page, /** @type {string} */ number) {
  await page.goto('/admin/returns');
  await page.getByRole('heading', { level: 1, name: 'Returns' }).waitFor();
  return page.getByRole('row').filter({ hasText: number });
}

describe('returns and size exchanges', () => {
  test('a delivered order is exchanged for one size up; approved, picked up and received, the shopper sees it received', async () => {
    const product = exchangeable();
    const order = await deliveredOrder(product);
    const sizes = /** @type {string[]} */ (product.type ?? []);

    await onPage(
      async (page) => {
        await page.goto('/user/orders');
        const card = page.getByRole('article', { name: `Order ID: ${order.id}` });
        await card.getByRole('button', { name: 'Return or exchange' }).click();
        const flow = card.getByRole('region', { name: 'Return or exchange' });
        await flow.getByText('Step 1 of 3').waitFor();
        await flow.getByLabel('Pairs to return').selectOption('1');
        await flow.getByLabel('Reason').selectOption('Too small');
        await flow.getByRole('radio', { name: 'Exchange for another size' }).check();
        await flow.getByLabel('New size').selectOption({ index: 1 });
        await saveScreen(page, 'return-flow-lines');
        await flow.getByRole('button', { name: 'Continue' }).click();
        await flow.getByText('Step 2 of 3').waitFor();
        if (sizes[1]) await flow.getByText(sizes[1]).first().waitFor();
        await flow.getByRole('button', { name: 'Request return' }).click();
        await card.getByRole('heading', { name: 'Return requested' }).waitFor();
        await card.getByText('Step 3 of 3').waitFor();
        await looksSound(page, 'return requested at 390 px');
      },
      { width: WIDTHS[0] },
    );

    const [asked] = (await myReturns()).filter((r) => r.orderId === order.id);
    assert.ok(asked, 'the server holds the return');
    assert.equal(asked.status, 'Requested');
    assert.match(asked.number, /^RET-\d{6}$/);

    await onPage(
      async (page) => {
        let row = await returnRow(page, asked.number);
        await row.getByRole('button', { name: 'Approve' }).click();
        await toast(page, /Return approved|approved/i).waitFor();
        row = page.getByRole('row').filter({ hasText: asked.number });
        await row.getByRole('button', { name: 'Mark picked up' }).click();
        await row.getByRole('button', { name: 'Receive' }).waitFor();
        await row.getByRole('button', { name: 'Receive' }).click();
        const dialog = page.getByRole('dialog', { name: `Receive return ${asked.number}` });
        await dialog.getByRole('radio', { name: /QC passed/ }).check();
        await dialog.getByRole('button', { name: 'Receive' }).click();
        await dialog.waitFor({ state: 'detached' });
        await row.getByRole('button', { name: 'Complete' }).waitFor();
        await saveScreen(page, 'admin-returns');
      },
      { account: ADMIN },
    );

    // The returned pair is back in its size's stock once received with QC passed; the shopper
    // sees the return's progress at Received.
    await onPage(async (page) => {
      await page.goto('/user/orders');
      const progress = page.getByRole('list', { name: `Progress of return ${asked.number}` });
      await progress.locator('[aria-current="step"]').filter({ hasText: 'Received' }).waitFor();
      await saveScreen(page, 'return-progress-received');
    });
    const [received] = (await myReturns()).filter((r) => r._id === asked._id);
    assert.equal(received.status, 'Received');
    // The pickup made the replacement order for the new size: free, paid, no invoice, and on my
    // orders as the exchange for the first order.
    const replacement = received.replacementOrderId;
    assert.ok(replacement, 'the pickup made a replacement order');
    await onPage(
      async (page) => {
        await page.goto('/user/orders');
        const card = page.getByRole('article', { name: `Order ID: ${replacement}` });
        await card.getByText(`Order ID ${order.id}`).waitFor();
        assert.match((await card.locator('.order-total').textContent()) ?? '', /₹\s?0\b/);
        if (sizes[1]) assert.ok(((await card.textContent()) ?? '').includes(sizes[1]), 'the new size ships');
        await page.getByText(`New size ships as order ID ${replacement}`).waitFor();
        await saveScreen(page, 'replacement-order');
      },
      { width: WIDTHS[0] },
    );
  });

  test('a cash on delivery order refunded to store credit; the profile shows it and the cart spends it', async () => {
    const product = exchangeable(1);
    const order = await deliveredOrder(product);
    const shopper = await tokenFor(server.baseURL, SHOPPER);
    const { return: asked } = await apiCall(server.baseURL, '/return/request', {
      method: 'POST',
      token: shopper,
      body: { orderId: order.id, lines: [{ line: 0, quantity: 1, reason: 'Changed my mind', kind: 'refund' }] },
    });
    const admin = await tokenFor(server.baseURL, ADMIN);
    for (const [step, body] of /** @type {const} */ ([
      ['approve', undefined],
      ['picked-up', undefined],
      ['receive', { qc: 'passed' }],
    ])) {
      await apiCall(server.baseURL, `/return/${step}/${asked._id}`, { method: 'PUT', token: admin, body: body ?? {} });
    }
    const before = await apiCall(server.baseURL, '/user/credit', { token: shopper });

    await onPage(
      async (page) => {
        const row = await returnRow(page, asked.number);
        await row.getByRole('button', { name: 'Complete' }).click();
        const dialog = page.getByRole('dialog', { name: `Complete return ${asked.number}` });
        assert.equal(await dialog.getByRole('radio', { name: 'Store credit' }).isChecked(), true);
        await dialog.getByRole('button', { name: 'Complete' }).click();
        await dialog.waitFor({ state: 'detached' });
      },
      { account: ADMIN },
    );

    const credit = await apiCall(server.baseURL, '/user/credit', { token: shopper });
    assert.equal(credit.balance, before.balance + Math.floor(asked.refundAmount), 'the refund became store credit');
    assert.equal(credit.entries[0].returnId, asked._id);

    await onPage(async (page) => {
      await page.goto('/user/profile');
      await page.getByText(`Store credit ${rupees(credit.balance)}`).waitFor();

      await openProduct(page, product);
      await addToCart(page);
      await openCart(page);
      await fillAddress(page);
      const methods = page.getByRole('radiogroup', { name: 'Payment method' });
      await methods.getByRole('radio', { name: 'Cash on Delivery' }).check();
      const use = page.getByRole('checkbox', { name: /Use store credit/ });
      await use.check();
      await saveScreen(page, 'cart-store-credit');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await toast(page, 'Order Placed Successfully').waitFor();
    });

    const after = await apiCall(server.baseURL, '/user/credit', { token: shopper });
    const spent = Math.min(credit.balance, pairAmount(product) - 1);
    assert.equal(after.balance, credit.balance - spent, 'the cart spent the credit');
  });
});
