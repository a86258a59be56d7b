// GST invoices (decisions D16) against the real server and the built storefront, with the shop
// registered for GST (SHOP_GSTIN, an Uttar Pradesh number): the cart's State select follows the
// pincode until the shopper picks a state by hand; my orders and the admin's order page show the
// invoice number and the place of supply, and Download invoice saves the PDF, read back here with
// poppler's pdftotext: a Tax Invoice with IGST for another state, CGST and SGST for the shop's
// own; the order mail carries the same PDF. This file's server is its own (the shop settings).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  withSignedInPage,
} from './support/browser.mjs';
import { addProductToCart, openCart, payInSandbox } from './support/cart.mjs';
import { downloadPdf, literally, pdftotext } from './support/documents.mjs';
import { mailWithAttachments } from './support/outbox.mjs';
import { RESULTS_DIR, startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {{_id: string, name: string, price: number[], discount: number[], type: string[], model: string[], stock?: number[] | null}} Product */

const GSTIN = '09ABCDE1234F1ZY';
const LEGAL_NAME = 'Paduka Footwear Pvt Ltd';
const INVOICES_DIR = join(RESULTS_DIR, 'invoices');

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Product[]} */
let products;

before(async () => {
  server = await startServer('invoices', {
    env: { SHOP_GSTIN: GSTIN, SHOP_LEGAL_NAME: LEGAL_NAME, SHOP_STATE: 'Uttar Pradesh' },
  });
  browser = await launchBrowser();
  products = /** @type {Product[]} */ ((await catalog(server.baseURL)).products);
  mkdirSync(INVOICES_DIR, { recursive: true });
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

/**
 * A demo product whose first size (the product page's default) has plenty of pairs, under cash
 * on delivery's ₹10,000, with a name short enough to stay on one line of the invoice's table.
 */
function invoiceProduct(/** @type {number} */ skip = 0) {
  const fit = products.filter(
    (p) => Array.isArray(p.stock) && p.stock[0] > 5 && pairAmount(p) <= 10_000 && p.name.length <= 20,
  );
  assert.ok(fit.length > skip, 'the demo catalog has short-named products in stock that cash on delivery takes');
  return fit[skip];
}

/** `PDK/26-27/000001` -> `invoice-PDK-26-27-000001.pdf`. */
const invoiceFileName = (/** @type {string} */ number) => `invoice-${number.replaceAll('/', '-')}.pdf`;

/** A PDF's text (see `pdftotext`); the file is kept under test-results/invoices/ as `name`. */
function pdfText(/** @type {Buffer} */ pdf, /** @type {string} */ name) {
  const path = join(INVOICES_DIR, name);
  writeFileSync(path, pdf);
  return pdftotext(path);
}

/** `Download invoice` inside `scope`, kept under test-results/invoices/ as `as`, read back. */
const downloadInvoice = (/** @type {Page} */ page, /** @type {Locator} */ scope, /** @type {string} */ as) =>
  downloadPdf(page, scope, { button: 'Download invoice', folder: 'invoices', as });

/** The cart's State select. */
const stateSelect = (/** @type {Page} */ page) => page.getByLabel('State', { exact: true });

/** Waits until the State select shows `state` (the option the shopper sees chosen). */
async function stateShows(/** @type {Page} */ page, /** @type {string} */ state) {
  const select = await stateSelect(page).elementHandle();
  await page.waitForFunction(([el, want]) => {
    const chosen = /** @type {HTMLSelectElement} */ (el);
    return chosen.selectedOptions[0]?.textContent === want;
  }, /** @type {const} */ ([select, state]));
}

/**
 * Types `pincode` and waits for the shop's answer about it (the pincode check), unless the page
 * asked about it already (`asked`: it keeps the answer).
 */
async function typePincode(/** @type {Page} */ page, /** @type {string} */ pincode, { asked = false } = {}) {
  const answered = asked
    ? null
    : page.waitForResponse((reply) => new URL(reply.url()).pathname === `/api/v1/delivery/${pincode}` && reply.ok());
  await page.getByLabel('Pincode').fill(pincode);
  await answered;
}

/** The newest order on my orders (newest first), held by its id. */
async function newestOrder(/** @type {Page} */ page) {
  await page.goto('/user/orders');
  await page.getByRole('heading', { name: 'My Orders' }).waitFor();
  const newest = page.locator('article.order').first();
  await newest.waitFor();
  const order = page.locator(`article.order[aria-labelledby="${await newest.getAttribute('aria-labelledby')}"]`);
  const id = ((await order.locator('.order-id span').textContent()) ?? '').trim();
  assert.ok(id, 'the order shows its id');
  return { order, id };
}

/** What a `<dt>label</dt><dd>value</dd>` pair inside `scope` shows as its value. */
function fact(/** @type {Page | Locator} */ scope, /** @type {string} */ name) {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The invoice number an order card shows, checked for its form: `PDK/26-27/000017`. */
async function shownInvoiceNo(/** @type {Locator} */ order) {
  const number = ((await order.locator('.order-invoice').textContent()) ?? '').trim();
  assert.match(number, /^PDK\/\d{2}-\d{2}\/\d{6}$/, 'the order shows its invoice number');
  return number;
}

/** The order the first journey places (cash on delivery, Maharashtra), for the admin's. */
const codOrder = { id: '', invoiceNo: '', amount: 0, product: /** @type {Product | null} */ (null) };

describe('GST invoices', () => {
  test('the shopper picks another state by hand, pays cash on delivery, and downloads a Tax Invoice with IGST', async () => {
    const product = invoiceProduct();
    const amount = pairAmount(product);
    await onPage(
      async (page) => {
        await addProductToCart(page, product, 1);
        await openCart(page);
        const select = stateSelect(page);
        await stateShows(page, 'Select state');

        await page.getByLabel('Shipping Address').fill('14 Civil Lines, Mathura');
        await typePincode(page, '281001');
        await stateShows(page, 'Uttar Pradesh');
        await saveScreen(page, 'cart-state');
        await looksSound(page, 'cart with the State select at 390 px');

        // The shopper's own pick wins, whatever pincode comes after.
        await select.selectOption({ label: 'Maharashtra' });
        await stateShows(page, 'Maharashtra');
        await typePincode(page, '492001');
        await stateShows(page, 'Maharashtra');
        await typePincode(page, '281001', { asked: true });
        await stateShows(page, 'Maharashtra');
        assert.equal(await select.inputValue(), 'Maharashtra', 'the state picked by hand stays');

        await page
          .getByRole('radiogroup', { name: 'Payment method' })
          .getByRole('radio', { name: 'Cash on Delivery' })
          .check();
        await page.getByText('You pay in cash when your order arrives.').waitFor();
        await page.getByRole('button', { name: 'Place Order' }).click();
        await toast(page, 'Order Placed Successfully').waitFor();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Cart (0)', includeHidden: true })
          .waitFor({ state: 'attached' });

        const { order, id } = await newestOrder(page);
        await order.getByText(product.name).waitFor();
        await order.getByText('Place of supply: Maharashtra', { exact: true }).waitFor();
        await fact(order, 'Payment')
          .filter({ hasText: `Cash on Delivery · ${rupees(amount)} to collect` })
          .waitFor();
        const invoiceNo = await shownInvoiceNo(order);
        assert.equal(((await fact(order, 'Invoice').textContent()) ?? '').trim(), invoiceNo);
        await saveScreen(page, 'orders-invoice');
        await looksSound(page, 'my orders with an invoice at 390 px');

        const { filename, text } = await downloadInvoice(page, order, `shopper-${invoiceFileName(invoiceNo)}`);
        assert.equal(filename, invoiceFileName(invoiceNo), 'the file is named after the invoice');
        assert.match(text, /^\s*Tax Invoice/, 'a registered shop issues a Tax Invoice');
        assert.match(text, new RegExp(`GSTIN: ${GSTIN}`));
        assert.match(text, new RegExp(literally(LEGAL_NAME)));
        assert.match(text, new RegExp(`Invoice No:\\s+${literally(invoiceNo)}`));
        assert.match(text, /Place of supply: Maharashtra \(27\)/);
        assert.match(text, /\bIGST\b/, 'another state: IGST');
        assert.doesNotMatch(text, /\bCGST\b|\bSGST\b/, 'another state: no CGST or SGST');
        const line = text.split('\n').find((l) => l.includes(product.name)) ?? '';
        assert.ok(line, `the invoice names ${product.name}:\n${text}`);
        assert.match(line, /\b6403\b/, 'the line carries HSN 6403');
        assert.match(text, /Rupees [A-Z][A-Za-z -]+ Only/, 'the amount in words');
        assert.match(text, new RegExp(`Total\\s+${literally(rupees(amount))}\\.00`), 'the total is the order total');
        assert.match(text, new RegExp(`Cash on delivery: ${literally(rupees(amount))} to be collected`));
        Object.assign(codOrder, { id, invoiceNo, amount, product });
      },
      { width: 390 },
    );
  });

  test("the admin sees the same invoice on the order's page, downloads it, and marks the cash paid", async () => {
    assert.ok(codOrder.id, 'the first journey placed its order');
    await onPage(
      async (page) => {
        await page.goto(`/edit-order/${codOrder.id}`);
        await page.getByRole('heading', { level: 1, name: `Order ${codOrder.id}` }).waitFor();
        const invoice = fact(page, 'Invoice');
        await invoice.filter({ hasText: codOrder.invoiceNo }).waitFor();
        await fact(page, 'Address').getByText('Place of supply: Maharashtra', { exact: true }).waitFor();

        const first = await downloadInvoice(page, invoice, `admin-${invoiceFileName(codOrder.invoiceNo)}`);
        assert.equal(first.filename, invoiceFileName(codOrder.invoiceNo));
        assert.match(first.text, /^\s*Tax Invoice/);
        assert.match(first.text, new RegExp(`Invoice No:\\s+${literally(codOrder.invoiceNo)}`));
        assert.match(first.text, /Place of supply: Maharashtra \(27\)/);
        assert.match(first.text, /\bIGST\b/);
        assert.match(first.text, /to be collected/);

        const payment = fact(page, 'Payment');
        await payment.filter({ hasText: `Cash on Delivery · ${rupees(codOrder.amount)} to collect` }).waitFor();
        const markPaid = payment.getByRole('button', { name: 'Mark paid' });
        await markPaid.click();
        await toast(page, 'Payment recorded').waitFor();
        await payment.filter({ hasText: /^\s*Cash on Delivery · Paid\s*$/ }).waitFor();
        await markPaid.waitFor({ state: 'detached' });

        // The invoice drawn now says so too; its number does not change.
        const paid = await downloadInvoice(page, invoice, `admin-paid-${invoiceFileName(codOrder.invoiceNo)}`);
        assert.match(paid.text, new RegExp(`Invoice No:\\s+${literally(codOrder.invoiceNo)}`));
        assert.match(paid.text, /Cash on delivery: paid/);
        await saveScreen(page, 'admin-edit-order-invoice');
        await looksSound(page, 'admin order with an invoice');
      },
      { account: ADMIN },
    );
  });

  test("the shopper pays online with the pincode's state; the order mail carries a Tax Invoice with CGST and SGST", async () => {
    const product = invoiceProduct(1);
    const amount = pairAmount(product);
    let orderId = '';
    let invoiceNo = '';
    await onPage(async (page) => {
      await addProductToCart(page, product, 1);
      await openCart(page);
      await page.getByLabel('Shipping Address').fill('21 Station Road, Mathura');
      // The select follows the pincode typed.
      await typePincode(page, '492001');
      await stateShows(page, 'Chhattisgarh');
      await typePincode(page, '281001');
      await stateShows(page, 'Uttar Pradesh');
      await saveScreen(page, 'cart-state');
      await looksSound(page, 'cart with the State select at 1280 px');

      await payInSandbox(page, amount);

      const { order, id } = await newestOrder(page);
      orderId = id;
      await order.getByText(product.name).waitFor();
      await order.getByText('Place of supply: Uttar Pradesh', { exact: true }).waitFor();
      assert.equal(((await fact(order, 'Payment').textContent()) ?? '').trim(), 'Paid online');
      invoiceNo = await shownInvoiceNo(order);
      assert.notEqual(invoiceNo, codOrder.invoiceNo, 'each order has its own invoice number');
      await saveScreen(page, 'orders-invoice');
      await looksSound(page, 'my orders with an invoice at 1280 px');
    });

    const mail = await mailWithAttachments(server.dataDir, [orderId, 'Thank you for your order']);
    assert.equal(mail.subject, `Your Paduka order ${orderId} is placed`);
    assert.ok(
      mail.text.includes(`Your invoice ${invoiceNo} is attached.`),
      `the mail names the invoice:\n${mail.text}`,
    );
    const pdfs = mail.attachments.filter((a) => a.type === 'application/pdf');
    assert.equal(pdfs.length, 1, 'one PDF is attached');
    assert.equal(pdfs[0].filename, invoiceFileName(invoiceNo));
    const text = pdfText(pdfs[0].content, `mail-${invoiceFileName(invoiceNo)}`);
    assert.match(text, /^\s*Tax Invoice/);
    assert.match(text, new RegExp(`GSTIN: ${GSTIN}`));
    assert.match(text, new RegExp(`Invoice No:\\s+${literally(invoiceNo)}`));
    assert.match(text, /Place of supply: Uttar Pradesh \(09\)/);
    assert.match(text, /\bCGST\b/, 'the shop’s own state: CGST');
    assert.match(text, /\bSGST\b/, 'the shop’s own state: SGST');
    assert.doesNotMatch(text, /\bIGST\b/, 'the shop’s own state: no IGST');
    assert.ok(text.includes(product.name), `the invoice names ${product.name}`);
    assert.match(text, /Paid online \(pay_/);
  });
});
