// Cash on delivery (decisions D8) against the real server and the built storefront: the shopper
// picks Cash on Delivery in the cart and places the order without a payment window; my orders and
// the order mail say what is to be paid on delivery; the admin marks it paid on /admin/orders and
// the overview's To collect card goes down by it. This file's server is its own, so the demo
// shopper starts with no open cash on delivery orders (at most 3 are allowed). It gives 5 % off
// for paying online (PREPAID_DISCOUNT_PERCENT, decisions D41), which the cart offers as `Pay
// online and save ₹N`; cash on delivery costs what it did.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN,
  catalog,
  launchBrowser,
  looksSound,
  pairAmount,
  rupees,
  saveScreen,
  toast,
  WIDTHS,
  withSignedInPage,
} from './support/browser.mjs';
import { addProductToCart, cartWithCashOnDelivery, fillAddress, openCart, storedCart } from './support/cart.mjs';
import { mailContaining } from './support/outbox.mjs';
import { startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{_id: string, name: string, price: number[], discount: number[], stock?: number[] | null}} Product */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Product[]} */
let products;

before(async () => {
  server = await startServer('cash-on-delivery', { env: { PREPAID_DISCOUNT_PERCENT: '5' } });
  browser = await launchBrowser();
  products = /** @type {Product[]} */ ((await catalog(server.baseURL)).products);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh page of this file's server, signed in (see `withSignedInPage`). */
const onPage = (
  /** @type {(page: Page) => Promise<void>} */ body,
  /** @type {{account?: {email: string, password: string}, width?: number}} */ options = {},
) => withSignedInPage(browser, server.baseURL, body, options);

/** A demo product whose first size (the product page's default) has plenty of pairs, under COD's ₹10,000. */
function codProduct(/** @type {number} */ skip = 0) {
  const fit = products.filter((p) => Array.isArray(p.stock) && p.stock[0] > 5 && pairAmount(p) <= 10_000);
  assert.ok(fit.length > skip, 'the demo catalog has products in stock that cash on delivery takes');
  return fit[skip];
}

/** The overview's To collect card: its rupees and its order count, as shown. */
async function toCollect(/** @type {Page} */ page) {
  await page.goto('/admin/dashboard');
  const card = page.locator('.stat-card').filter({ hasText: 'To collect' });
  await card.waitFor();
  return {
    value: ((await card.locator('.stat-card-value').textContent()) ?? '').trim(),
    detail: ((await card.locator('.stat-card-detail').textContent()) ?? '').trim(),
  };
}

/** `₹12,345` -> 12345. */
const rupeesOf = (/** @type {string} */ text) => Number(text.replace(/[^\d]/g, ''));
/** `3 orders` -> 3. */
const countOf = (/** @type {string} */ text) => Number(/^(\d+)/.exec(text)?.[1] ?? NaN);

describe('cash on delivery', () => {
  test('the cart offers Pay online and save ₹N, and cash on delivery at the full amount', async () => {
    const product = codProduct(2);
    const amount = pairAmount(product);
    // 5 % of the amount in whole rupees, rounded down: what the server answers.
    const saving = Math.floor((amount * 5) / 100);
    assert.ok(saving > 0, 'the demo product costs enough to save a rupee');
    await onPage(async (page) => {
      await addProductToCart(page, product, 1);
      await openCart(page);
      await fillAddress(page);
      await page.getByText(`Pay online and save ${rupees(saving)}`, { exact: true }).waitFor();
      const total = page.locator('.summary-total');
      await total.getByText(rupees(amount - saving), { exact: true }).waitFor();
      await page
        .getByRole('radiogroup', { name: 'Payment method' })
        .getByRole('radio', { name: 'Cash on Delivery' })
        .check();
      await total.getByText(rupees(amount), { exact: true }).waitFor();
      await saveScreen(page, 'cart-pay-online-and-save');
    });
  });

  test('screens: the cart with Cash on Delivery chosen, at 390 and 1280 px', async () => {
    const product = codProduct(1);
    for (const width of WIDTHS) {
      await onPage(
        async (page) => {
          await addProductToCart(page, product, 1);
          await cartWithCashOnDelivery(page);
          await saveScreen(page, 'cart-cod');
          await looksSound(page, `cart with cash on delivery at ${width} px`);
        },
        { width },
      );
    }
  });

  test('the shopper places a cash on delivery order; my orders and the mail say what to pay; the admin marks it paid', async () => {
    const product = codProduct();
    const amount = pairAmount(product);
    let orderId = '';

    /** @type {{value: string, detail: string}} */
    let before = { value: '', detail: '' };
    await onPage(
      async (page) => {
        before = await toCollect(page);
      },
      { account: ADMIN },
    );

    await onPage(async (page) => {
      await addProductToCart(page, product, 1);
      await cartWithCashOnDelivery(page);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await toast(page, 'Order Placed Successfully').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart (0)' }).waitFor();
      assert.deepEqual(await storedCart(page), [], 'the cart is empty');

      await page.goto('/user/orders');
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      const order = page.locator('article.order').filter({ hasText: 'Cash on Delivery' });
      await order.first().waitFor();
      assert.equal(await order.count(), 1, 'one order is paid in cash');
      await order.getByText(product.name).waitFor();
      await order.getByText(`Cash on Delivery · ${rupees(amount)} to collect`, { exact: true }).waitFor();
      assert.equal(((await order.locator('.order-payment').textContent()) ?? '').trim(), '–', 'no payment id yet');
      orderId = ((await order.locator('.order-id span').textContent()) ?? '').trim();
      assert.ok(orderId, 'the order shows its id');
    });

    const mail = await mailContaining(server.dataDir, [orderId, 'Thank you for your order']);
    assert.ok(
      mail.includes(`Cash on Delivery: ₹${amount} to pay on delivery`),
      `the order mail says what to pay on delivery:\n${mail}`,
    );

    await onPage(
      async (page) => {
        // The placed order is to be collected...
        const owed = await toCollect(page);
        assert.equal(rupeesOf(owed.value), rupeesOf(before.value) + amount, 'To collect counts the new order');
        assert.equal(countOf(owed.detail), countOf(before.detail) + 1);

        await page.goto('/admin/orders');
        const orderRow = page.locator('table.admin-table tbody tr').filter({ hasText: orderId });
        await orderRow.waitFor();
        const amountCell = orderRow.locator('td').nth(4);
        await amountCell.getByText(`Cash on Delivery · ${rupees(amount)} to collect`).waitFor();
        const markPaid = amountCell.getByRole('button', { name: 'Mark paid' });
        await markPaid.click();
        await toast(page, 'Payment recorded').waitFor();
        await amountCell.getByText('Cash on Delivery · Paid', { exact: true }).waitFor();
        await markPaid.waitFor({ state: 'detached' });
        assert.equal(await orderRow.getByRole('button', { name: 'Mark paid' }).count(), 0);

        // ...and once paid, no longer.
        const after = await toCollect(page);
        assert.equal(rupeesOf(after.value), rupeesOf(owed.value) - amount, 'To collect went down by the order');
        assert.equal(countOf(after.detail), countOf(owed.detail) - 1);
      },
      { account: ADMIN },
    );
  });
});
