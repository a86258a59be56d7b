// Stock per size and coupons (decisions D7) against the real server and the built storefront:
// a sold-out size, the cart's plus stopping at the stock, WELCOME10 through a sandbox payment to
// the shopper's orders, the admin's order page and the order mail, and the admin's Coupons screen.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, tokenFor } from './support/api.mjs';
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
  waitForApp,
} from './support/browser.mjs';
import { addToCart, openCart, payInSandbox, storedCart } from './support/cart.mjs';
import { mailContaining } from './support/outbox.mjs';
import { startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {{_id: string, name: string, price: number[], discount: number[], type: string[], model: string[], stock?: number[] | null}} Product */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Product[]} */
let products;

before(async () => {
  server = await startServer('stock-and-coupons');
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

const label = (/** @type {Product} */ p, /** @type {number} */ i) => p.type[i] || p.model[i];

/** The first demo product with a size whose stock is `pairs`, and that size. */
function productWithSizeAt(/** @type {number} */ pairs) {
  const product = products.find((p) => Array.isArray(p.stock) && p.stock.includes(pairs));
  assert.ok(product, `the demo catalog has a size with ${pairs} pairs`);
  return { product, size: /** @type {number[]} */ (product.stock).indexOf(pairs) };
}

/** A demo product whose first size has plenty of pairs (the product page's default choice). */
function plentifulProduct(/** @type {number} */ skip = 0) {
  const plenty = products.filter((p) => Array.isArray(p.stock) && p.stock[0] > 5);
  assert.ok(plenty.length > skip, 'the demo catalog has products with plenty of stock');
  return plenty[skip];
}

/** What a `<dt>label</dt><dd>value</dd>` pair inside `scope` shows as its value. */
async function fact(/** @type {Page | Locator} */ scope, /** @type {string} */ name) {
  const value = scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
  return ((await value.textContent()) ?? '').trim();
}

/** Types `code` in the cart's coupon box and presses Apply. */
async function applyCoupon(/** @type {Page} */ page, /** @type {string} */ code) {
  const box = page.getByRole('region', { name: 'Coupon' });
  await box.getByLabel('Coupon code').fill(code);
  await box.getByRole('button', { name: 'Apply' }).click();
  return box;
}

/** `datetime-local` text for now + `hours`, in India time. */
function istInput(/** @type {number} */ hours) {
  return new Date(Date.now() + hours * 3_600_000 + 330 * 60_000).toISOString().slice(0, 16);
}

/** The table row that holds `text`. */
function row(/** @type {Page} */ page, /** @type {string} */ text) {
  return page.locator('table.admin-table tbody tr').filter({ hasText: text });
}

describe('stock per size', () => {
  test('a sold-out size reads Sold out and cannot be added; the cart keeps what it had', async () => {
    const { product, size } = productWithSizeAt(0);
    const inStock = /** @type {number[]} */ (product.stock).findIndex((n) => n > 0);
    assert.ok(inStock >= 0 && inStock !== size, `${product.name} has a size in stock besides the sold-out one`);
    await onPage(async (page) => {
      await page.goto(`/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      // The page opens on a size in stock, which can be added.
      assert.equal(await page.getByRole('radio', { name: label(product, inStock), exact: true }).isChecked(), true);
      await addToCart(page, 1);

      const soldOut = page.getByRole('radio', { name: `${label(product, size)} Sold out` });
      await soldOut.check({ force: true });
      const add = page.getByRole('button', { name: 'Add to Cart' });
      await page.locator('.buy-row').getByText('Sold out', { exact: true }).waitFor();
      assert.equal(await add.getAttribute('aria-disabled'), 'true');
      await add.click({ force: true });
      await toast(page, 'Sold out').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart (1)' }).waitFor();
      assert.deepEqual(await storedCart(page), [{ _id: product._id, productno: inStock, quantity: 1 }]);

      await openCart(page);
      assert.deepEqual(await page.locator('.cart-line .cart-line-variant').allTextContents(), [
        label(product, inStock),
      ]);
    });
  });

  test("the cart's plus stops at the 2 pairs in stock and says 'Only 2 left'", async () => {
    const { product, size } = productWithSizeAt(2);
    await onPage(async (page) => {
      await page.goto(`/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      // The server drew the page: its sizes are chosen once the app has taken it over.
      await waitForApp(page);
      await page.getByRole('radio', { name: label(product, size), exact: true }).check({ force: true });
      await page.locator('.buy-row').getByText('Only 2 left').waitFor();
      await addToCart(page, 1);

      await openCart(page);
      const line = page.locator('.cart-line').filter({ hasText: product.name });
      const quantity = line.locator('.qty-value');
      const plus = line.getByRole('button', { name: 'Increase quantity' });
      assert.equal((await quantity.textContent())?.trim(), '1');
      await plus.click();
      await line.locator('.qty-value', { hasText: /^2$/ }).waitFor();
      await plus.click();
      await toast(page, 'Only 2 left').waitFor();
      await plus.click();
      assert.equal((await quantity.textContent())?.trim(), '2');
      await page.getByText(/^2 items$/).waitFor();
      assert.deepEqual(await storedCart(page), [{ _id: product._id, productno: size, quantity: 2 }]);
    });
  });

  test("the overview's low-stock list names the sold-out and nearly sold-out sizes", async () => {
    const soldOut = productWithSizeAt(0);
    const nearly = productWithSizeAt(2);
    await onPage(
      async (page) => {
        await page.goto('/admin/dashboard');
        const list = page.getByRole('region', { name: 'Low on stock' });
        const entry = (/** @type {{product: Product, size: number}} */ { product, size }) =>
          list.getByRole('listitem').filter({ hasText: `${product.name} (${label(product, size)})` });
        await entry(soldOut).getByText('Sold out').waitFor();
        await entry(nearly).getByText('2 pairs left').waitFor();

        await page.goto('/admin/products');
        await row(page, soldOut.product.name)
          .getByText(`${label(soldOut.product, soldOut.size)}: 0`)
          .waitFor();
      },
      { account: ADMIN },
    );
  });
});

describe('coupons', () => {
  test('screens: the cart with a coupon applied and the admin Coupons screen, at 390 and 1280 px', async () => {
    const admin = await tokenFor(server.baseURL, ADMIN);
    await apiCall(server.baseURL, '/coupon/create-coupon', {
      method: 'POST',
      token: admin,
      body: {
        code: 'FLAT200',
        kind: 'amount',
        value: 200,
        minOrder: 1500,
        start: new Date(Date.now() - 3_600_000).toISOString(),
        end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        maxUses: 50,
        maxUsesPerUser: null,
      },
    });
    const product = plentifulProduct(1);
    for (const width of WIDTHS) {
      await onPage(
        async (page) => {
          await page.goto(`/product/${product._id}`);
          await addToCart(page, 1);
          await openCart(page);
          const box = await applyCoupon(page, 'flat200');
          await box.getByText('FLAT200 applied: you save ₹200').waitFor();
          await saveScreen(page, 'cart-coupon');
          await looksSound(page, `cart with a coupon at ${width} px`);
        },
        { width },
      );
      await onPage(
        async (page) => {
          await page.goto('/admin/coupons');
          await row(page, 'FLAT200').waitFor();
          await row(page, 'WELCOME10').waitFor();
          await saveScreen(page, 'admin-coupons');
          await looksSound(page, `admin coupons at ${width} px`);
        },
        { account: ADMIN, width },
      );
    }
  });

  test('the shopper applies WELCOME10, pays in the sandbox, and the order, the admin and the mail show the saving', async () => {
    const product = plentifulProduct();
    const subtotal = pairAmount(product);
    const discount = Math.floor((subtotal * 10) / 100);
    const amount = subtotal - discount;
    assert.ok(discount > 0, 'the product is dear enough for 10 % to save a rupee');
    let orderId = '';

    await onPage(async (page) => {
      await page.goto(`/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await addToCart(page, 1);
      await openCart(page);

      const box = await applyCoupon(page, 'WELCOME10');
      await box.getByText(`WELCOME10 applied: you save ${rupees(discount)}`).waitFor();
      await box.getByText(`You pay ${rupees(amount)}`).waitFor();
      const summary = page.locator('form.order-summary');
      assert.equal(await fact(summary, 'Subtotal'), rupees(subtotal));
      assert.equal(await fact(summary, 'Coupon WELCOME10'), `−${rupees(discount)}`);

      await page.getByLabel('Shipping Address').fill('14 Civil Lines, Mathura');
      await page.getByLabel('Pincode').fill('281001');
      await payInSandbox(page, amount);

      await page.goto('/user/orders');
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      const order = page.locator('article.order').filter({ hasText: 'Coupon WELCOME10' });
      await order.first().waitFor();
      assert.equal(await order.count(), 1, 'one order used the coupon');
      await order.getByText(product.name).waitFor();
      assert.equal(await fact(order, 'Subtotal'), rupees(subtotal));
      assert.equal(await fact(order, 'Coupon WELCOME10'), `−${rupees(discount)}`);
      assert.equal(await fact(order, 'Total price'), rupees(amount));
      orderId = ((await order.locator('.order-id span').textContent()) ?? '').trim();
      assert.ok(orderId, 'the order shows its id');
      await saveScreen(page, 'orders-coupon');
      await looksSound(page, 'my orders with a coupon');

      // Once per shopper: the next cart is refused it.
      await page.goto(`/product/${product._id}`);
      await addToCart(page, 1);
      await openCart(page);
      const again = await applyCoupon(page, 'WELCOME10');
      await toast(page, 'Coupon usage limit reached').waitFor();
      await again.getByRole('button', { name: 'Apply' }).waitFor();
      assert.equal(await again.getByText('applied: you save').count(), 0);
    });

    await onPage(
      async (page) => {
        await page.goto(`/edit-order/${orderId}`);
        await page.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();
        assert.equal(await fact(page, 'Subtotal'), rupees(subtotal));
        assert.equal(await fact(page, 'Coupon WELCOME10'), `−${rupees(discount)}`);
        assert.equal(await fact(page, 'Amount'), rupees(amount));
        await saveScreen(page, 'admin-edit-order-coupon');
        await looksSound(page, 'admin order with a coupon');

        await page.goto('/admin/coupons');
        // Used once, no overall limit; once per shopper.
        const welcome = row(page, 'WELCOME10');
        await welcome
          .locator('td')
          .nth(6)
          .filter({ hasText: /^1 \/ no limit$/ })
          .waitFor();
        assert.equal(await welcome.locator('td').nth(5).textContent(), '1');
      },
      { account: ADMIN },
    );

    const mail = await mailContaining(server.dataDir, [orderId, 'Thank you for your order']);
    assert.match(mail, new RegExp(`Subtotal: ₹${subtotal}\\b`));
    assert.match(mail, new RegExp(`Coupon WELCOME10: −₹${discount}\\b`));
    assert.match(mail, new RegExp(`Total: ₹${amount}\\b`));
  });

  test('the admin creates, edits and deletes a coupon; a code taken already is refused', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const start = istInput(-1);
    const end = istInput(72);
    /** @type {string[]} */
    const asked = [];
    await onPage(
      async (page) => {
        page.on('dialog', (dialog) => asked.push(dialog.message()));
        await page.goto('/admin/coupons');
        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).waitFor();
        const form = page.locator('form.admin-form').first();
        const fill = async (/** @type {string} */ typed) => {
          await form.getByLabel('Code').fill(typed);
          await form.getByLabel('Kind').selectOption({ label: 'Rupees off' });
          await form.getByLabel('Value').fill('150');
          await form.getByLabel('Minimum order (₹)').fill('1000');
          await form.getByLabel('Start (India time)').fill(start);
          await form.getByLabel('End (India time)').fill(end);
          await form.getByLabel('Max uses', { exact: true }).fill('20');
          await form.getByLabel('Max uses per shopper').fill('2');
        };

        await fill(code.toLowerCase());
        assert.equal(await form.getByLabel('Code').inputValue(), code, 'the code is typed in capitals');
        await form.getByRole('button', { name: 'Create' }).click();
        await toast(page, 'Coupon created Successfully').waitFor();
        const created = row(page, code);
        await created.waitFor();
        const headers = await page.locator('table.admin-table thead th').allTextContents();
        assert.deepEqual(headers, [
          'Code',
          'Discount',
          'Min order',
          'Start',
          'End',
          'Per shopper',
          'Used',
          'Edit',
          'Delete',
        ]);
        const cells = async () => (await created.locator('td').allTextContents()).slice(0, 7);
        const [, , , shownStart, shownEnd] = await cells();
        assert.deepEqual(await cells(), [code, '₹150 off', '₹1,000', shownStart, shownEnd, '2', '0 / 20']);
        assert.match(shownStart, / IST$/);
        assert.equal(await form.getByLabel('Code').inputValue(), '', 'the form is cleared for the next one');

        // The same code again, whatever its case.
        await fill(code.toLowerCase());
        await form.getByRole('button', { name: 'Create' }).click();
        await toast(page, 'Coupon code already exists').waitFor();
        assert.equal(await row(page, code).count(), 1);

        await created.getByRole('button', { name: 'Edit' }).click();
        const dialog = page.getByRole('dialog', { name: `Edit ${code}` });
        assert.equal(await dialog.getByLabel('Kind').inputValue(), 'amount');
        assert.equal(await dialog.getByLabel('Value').inputValue(), '150');
        assert.equal(await dialog.getByLabel('Start (India time)').inputValue(), start);
        assert.equal(await dialog.getByLabel('End (India time)').inputValue(), end);
        await dialog.getByLabel('Kind').selectOption({ label: 'Percent off' });
        await dialog.getByLabel('Value').fill('15');
        await dialog.getByLabel('Minimum order (₹)').fill('');
        await dialog.getByLabel('Max uses per shopper').fill('');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Coupon updated Successfully').waitFor();
        await dialog.waitFor({ state: 'detached' });
        await created.locator('td').nth(1).filter({ hasText: /^15%$/ }).waitFor();
        assert.deepEqual(await cells(), [code, '15%', '₹0', shownStart, shownEnd, 'no limit', '0 / 20']);

        await created.getByRole('button', { name: 'Delete' }).click();
        await toast(page, 'Coupon deleted Successfully').waitFor();
        await created.waitFor({ state: 'detached' });
        assert.deepEqual(asked, [`Delete coupon ${code}? Orders keep what they saved.`]);
        await row(page, 'WELCOME10').waitFor();
      },
      { account: ADMIN },
    );
    const { coupons } = await apiCall(server.baseURL, '/coupon/all-coupons', {
      token: await tokenFor(server.baseURL, ADMIN),
    });
    assert.equal(coupons.filter((/** @type {{code: string}} */ c) => c.code === code).length, 0);
  });
});
