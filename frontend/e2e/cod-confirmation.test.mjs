// COD confirmation through the development outbox (decisions D39, D45), against the real server
// with DEV_OUTBOX on, as `just run` starts it: a shopper on a phone places a cash on delivery
// order with WhatsApp updates ticked; its `cod_confirm` message waits in /dev/outbox; the admin
// taps Confirm there as the buyer would; the admin's To ship shows the order Confirmed and the
// shopper's order says so. This file's server is its own (the demo shopper's open COD orders).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN,
  catalog,
  launchBrowser,
  pairAmount,
  rupees,
  saveScreen,
  toast,
  withSignedInPage,
} from './support/browser.mjs';
import { addProductToCart, cartWithCashOnDelivery } from './support/cart.mjs';
import { startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Array<{_id: string, name: string, price: number[], discount: number[], stock?: number[] | null}>} */
let products;

before(async () => {
  server = await startServer('cod-confirmation', { env: { DEV_OUTBOX: 'true' } });
  browser = await launchBrowser();
  products = (await catalog(server.baseURL)).products;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = 390;

describe('COD confirmation in the development outbox', () => {
  test('a COD order placed at 390 px is confirmed with the Confirm of its WhatsApp message; To ship says Confirmed', async () => {
    const product = products.find((p) => Array.isArray(p.stock) && p.stock[0] > 5 && pairAmount(p) <= 10_000);
    assert.ok(product, 'the demo catalog has a product cash on delivery takes');
    let orderId = '';

    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        await addProductToCart(page, product, 1);
        await cartWithCashOnDelivery(page);
        await page.getByLabel('Get order updates on WhatsApp').check();
        await page.getByRole('button', { name: 'Place Order' }).click();
        await toast(page, 'Order Placed Successfully').waitFor();
        await page.goto('/user/orders');
        const order = page.locator('article.order').filter({ hasText: 'Cash on Delivery' }).first();
        await order.waitFor();
        orderId = ((await order.locator('.order-id span').textContent()) ?? '').trim();
        assert.ok(orderId, 'the order shows its id');
        await order.locator('.order-cod-confirmation').getByText('Waiting for your confirmation').waitFor();
      },
      { width: PHONE },
    );

    const shortId = orderId.slice(-8).toUpperCase();
    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        await page.goto('/dev/outbox');
        await page.getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
        // The buyer's number is the demo shopper's phone; the worker sends within seconds.
        const message = page
          .getByRole('listitem', { name: 'WhatsApp cod_confirm to +919123456780' })
          .filter({ hasText: shortId });
        await message.waitFor({ timeout: 15_000 });
        const text = (await message.locator('.outbox-text').textContent()) ?? '';
        assert.match(text, new RegExp(`order ${shortId} for ${rupees(pairAmount(product))}`));
        // The order's mail is beside it, with the confirmation link.
        const mail = page.locator('.outbox-mail').filter({ hasText: `Your Paduka order ${orderId} is placed` });
        await mail.locator('summary').click();
        await mail.getByText(/\/cod\//).waitFor();
        await saveScreen(page, 'dev-outbox');

        await message.getByRole('button', { name: 'Confirm' }).click();
        await message.getByRole('status').getByText("Taken as the buyer's reply").waitFor();

        await page.goto('/admin/orders');
        await page
          .getByRole('group', { name: 'Show orders' })
          .getByRole('button', { name: /^To ship/ })
          .click();
        const row = page.locator('table.admin-table tbody tr').filter({ hasText: orderId });
        const chip = row.locator('.cod-chip').getByText('Confirmed', { exact: true });
        await chip.waitFor();
        // The table scrolls sideways on a phone: the picture is of the chips' part of it.
        await chip.scrollIntoViewIfNeeded();
        await saveScreen(page, 'admin-to-ship-confirmed');
      },
      { account: ADMIN, width: PHONE },
    );

    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        await page.goto('/user/orders');
        const order = page.locator('article.order').filter({ hasText: orderId });
        await order.locator('.order-cod-confirmation').getByText('Confirmed by you').waitFor();
      },
      { width: PHONE },
    );
  });
});
