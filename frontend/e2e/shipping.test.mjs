// Shipping and tracking (decisions section 15) against the real server and the built storefront,
// with the manual courier (the offline default): the product page says `Delivery by ...` once a
// pincode is checked; the admin ships a cash on delivery order by hand (courier, AWB, tracking
// URL) and saves its packing slip, read back with poppler's pdftotext (the AWB, `Collect ₹N`);
// the shopper sees it Shipped on the order's timeline with `Track`, then Delivered once the admin
// records it; `Ship selected` ships several orders with one AWB each and names the one refused.
// This file's server is its own (the demo shopper's open cash on delivery orders are counted).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { placeCodOrder, placeSandboxOrder, tokenFor } from './support/api.mjs';
import { literally, pdftotext } from './support/documents.mjs';
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
import { RESULTS_DIR, startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */
/** @typedef {{_id: string, name: string, price: number[], discount: number[], stock?: number[] | null}} Product */

const SLIPS_DIR = join(RESULTS_DIR, 'packing-slips');
const PINCODE = '281001';
const COURIER = 'Delhivery';

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Product[]} */
let products;

before(async () => {
  server = await startServer('shipping');
  browser = await launchBrowser();
  products = /** @type {Product[]} */ ((await catalog(server.baseURL)).products);
  mkdirSync(SLIPS_DIR, { recursive: true });
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

/** A demo product whose first size has plenty of pairs, under cash on delivery's ₹10,000. */
function shippable(/** @type {number} */ skip = 0) {
  const fit = products.filter((p) => Array.isArray(p.stock) && p.stock[0] > 8 && pairAmount(p) <= 10_000);
  assert.ok(fit.length > skip, 'the demo catalog has products in stock that cash on delivery takes');
  return fit[skip];
}

/** An AWB of the manual courier's form (letters, digits and `-`), new on every run. */
const newAwb = (/** @type {string} */ tag) => `E2E-${tag}-${Date.now().toString(36).toUpperCase()}`;
const trackingUrlOf = (/** @type {string} */ awb) => `https://track.example.com/awb/${awb}`;

/** `2026-12-03` -> `Thu, 3 Dec`, as the storefront writes a day (en-IN, no year). */
const shortDay = (/** @type {string} */ ymd) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${ymd}T00:00:00Z`),
  );

/**
 * Fails at once, with what is missing, when the server answers `path` with something else than
 * a PDF: the packing slip is the server's part of this journey.
 */
async function requirePdf(/** @type {string} */ path) {
  const token = await tokenFor(server.baseURL, ADMIN);
  const reply = await fetch(`${server.baseURL}/api/v1${path}`, { headers: { Authorization: token } });
  const type = reply.headers.get('content-type') ?? '';
  assert.ok(
    reply.ok && type.startsWith('application/pdf'),
    `GET ${path} answered ${reply.status} ${type} (${(await reply.text()).slice(0, 120)}): the server's packing ` +
      'slip (decisions section 15, GET /shipment/label/{id}) is not in this build yet',
  );
}

/** The order page's timeline, and the label of its current step. */
async function currentStep(/** @type {Page | Locator} */ scope, /** @type {string} */ orderId) {
  const timeline = scope.getByRole('list', { name: `Progress of order ${orderId}` });
  await timeline.waitFor();
  const current = timeline.locator('[aria-current="step"]');
  assert.equal(await current.count(), 1, 'one step is the current one');
  return ((await current.locator('.timeline-label').textContent()) ?? '').trim();
}

/** Waits until the current step of the order's timeline reads `label`. */
async function waitForStep(
  /** @type {Page | Locator} */ scope,
  /** @type {string} */ orderId,
  /** @type {string} */ label,
) {
  await scope
    .getByRole('list', { name: `Progress of order ${orderId}` })
    .locator('[aria-current="step"] .timeline-label')
    .filter({ hasText: new RegExp(`^${literally(label)}$`) })
    .waitFor();
}

/** The cash on delivery order the journeys ship, its AWB and tracking URL. */
const codOrder = { id: '', amount: 0, awb: '', trackingUrl: '' };

describe('shipping and tracking', () => {
  test('the product page says `Delivery by ...` once a served pincode is checked, at 390 and 1280 px', async () => {
    const check = await (await fetch(`${server.baseURL}/api/v1/delivery/${PINCODE}`)).json();
    assert.equal(check.deliverable, true, `${PINCODE} is served`);
    assert.ok(
      check.estimate && typeof check.estimate.to === 'string',
      `GET /delivery/${PINCODE} has no \`estimate\` yet (${JSON.stringify(check)}): the server's delivery estimate ` +
        '(decisions section 15) is not in this build yet',
    );
    const expected = `Delivery by ${shortDay(check.estimate.to)}`;
    const product = shippable();
    for (const width of WIDTHS) {
      await onPage(
        async (page) => {
          await page.goto(`/product/${product._id}`);
          await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
          const box = page.getByRole('region', { name: 'Check Delivery Availability' });
          await box.getByLabel('Pincode').fill(PINCODE);
          await box.getByRole('button', { name: 'Check' }).click();
          await box.getByText('Delivery available at this pincode').waitFor();
          await box.getByText(expected, { exact: true }).waitFor();
          await looksSound(page, `product page with Delivery by at ${width} px`);
        },
        { width },
      );
    }
  });

  test('the admin ships a cash on delivery order by hand and saves its packing slip: the AWB and Collect ₹N', async () => {
    const product = shippable();
    const amount = pairAmount(product);
    const placed = await placeCodOrder(server.baseURL, SHOPPER, { product, amount });
    const awb = newAwb('COD');
    Object.assign(codOrder, { id: placed._id, amount, awb, trackingUrl: trackingUrlOf(awb) });

    await onPage(
      async (page) => {
        await page.goto('/admin/orders?show=to-ship');
        const chips = page.getByRole('group', { name: 'Show orders' });
        await chips
          .getByRole('button', { name: /^To ship/ })
          .and(page.locator('[aria-pressed="true"]'))
          .waitFor();
        await page.getByRole('button', { name: `Ship order ${codOrder.id}` }).click();
        const dialog = page.getByRole('dialog', { name: `Ship order ${codOrder.id}` });

        // The server judges the form: its words stand next to it.
        await dialog.getByLabel('Courier').fill(COURIER);
        await dialog.getByLabel('AWB', { exact: true }).fill('no spaces allowed');
        await dialog.getByLabel('Tracking URL (optional)').fill(codOrder.trackingUrl);
        await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
        await dialog.getByRole('alert').filter({ hasText: 'Invalid AWB' }).waitFor();

        await dialog.getByLabel('AWB', { exact: true }).fill(codOrder.awb);
        await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
        await toast(page, 'Order shipped').waitFor();
        await dialog.waitFor({ state: 'detached' });

        await page.goto(`/edit-order/${codOrder.id}`);
        await page.getByRole('heading', { level: 1, name: `Order ${codOrder.id}` }).waitFor();
        assert.equal(await currentStep(page, codOrder.id), 'Shipped');
        const timeline = page.getByRole('list', { name: `Progress of order ${codOrder.id}` });
        await timeline.getByText(`${COURIER} · AWB ${codOrder.awb}`).waitFor();
        const panel = page.getByRole('region', { name: 'Shipment' });
        assert.equal(
          await panel.getByRole('link', { name: 'Track' }).getAttribute('href'),
          codOrder.trackingUrl,
          'Track goes to the tracking URL',
        );
        assert.equal(
          await page.getByRole('button', { name: 'Delete' }).isDisabled(),
          true,
          'no cancelling once shipped',
        );

        await requirePdf(`/shipment/label/${codOrder.id}`);
        const downloaded = page.waitForEvent('download');
        await panel.getByRole('button', { name: 'Packing slip' }).click();
        const download = await downloaded;
        assert.equal(await download.failure(), null, 'the download finished');
        const path = join(SLIPS_DIR, `packing-slip-${codOrder.id}.pdf`);
        await download.saveAs(path);
        const text = pdftotext(path);
        assert.ok(text.includes(codOrder.awb), `the slip carries the AWB ${codOrder.awb}:\n${text}`);
        assert.ok(text.includes(codOrder.id), `the slip names the order:\n${text}`);
        assert.match(
          text,
          new RegExp(`Collect\\s+(${literally(rupees(amount))}|₹\\s?${amount})\\b`),
          `an unpaid cash on delivery order says what to collect:\n${text}`,
        );
        await panel.getByRole('button', { name: 'Packing slip' }).waitFor();

        await saveScreen(page, 'shipping-admin-order');
        await looksSound(page, 'admin order page with the timeline at 1280 px');
      },
      { account: ADMIN },
    );

    // The same page on a phone.
    await onPage(
      async (page) => {
        await page.goto(`/edit-order/${codOrder.id}`);
        await waitForStep(page, codOrder.id, 'Shipped');
        await saveScreen(page, 'shipping-admin-order');
        await looksSound(page, 'admin order page with the timeline at 390 px');
      },
      { account: ADMIN, width: 390 },
    );
  });

  test('the shopper sees the order Shipped on its timeline, with Track, at 390 and 1280 px', async () => {
    assert.ok(codOrder.id, 'the admin journey shipped its order');
    for (const width of WIDTHS) {
      await onPage(
        async (page) => {
          await page.goto('/user/orders');
          await page.getByRole('heading', { name: 'My Orders' }).waitFor();
          const order = page.getByRole('article', { name: `Order ID: ${codOrder.id}` });
          await waitForStep(order, codOrder.id, 'Shipped');
          await order.getByText(`${COURIER} · AWB ${codOrder.awb}`).waitFor();
          const track = order.getByRole('link', { name: 'Track' });
          assert.equal(await track.getAttribute('href'), codOrder.trackingUrl);
          assert.equal(await track.getAttribute('target'), '_blank');
          assert.equal(await track.getAttribute('rel'), 'noopener noreferrer');
          assert.equal(
            await order.getByRole('button', { name: 'Cancel Order' }).isDisabled(),
            true,
            'a shipped order cannot be cancelled',
          );
          await saveScreen(page, 'shipping-my-orders');
          await looksSound(page, `my orders with a shipped order at ${width} px`);
        },
        { width },
      );
    }
  });

  test('the admin records Delivered; the shopper then sees Delivered on the day', async () => {
    assert.ok(codOrder.id, 'the admin journey shipped its order');
    await onPage(
      async (page) => {
        await page.goto(`/edit-order/${codOrder.id}`);
        const events = page.getByRole('group', { name: 'Record what the courier did' });
        await events.getByLabel('Note (optional)').fill('Out with the morning van');
        await events.getByRole('button', { name: 'Out for delivery' }).click();
        await toast(page, 'Event recorded').waitFor();
        await waitForStep(page, codOrder.id, 'Out for delivery');
        await events.getByRole('button', { name: 'Delivered' }).click();
        await waitForStep(page, codOrder.id, 'Delivered');
        await events.waitFor({ state: 'detached' });
      },
      { account: ADMIN },
    );

    await onPage(async (page) => {
      await page.goto('/user/orders');
      const order = page.getByRole('article', { name: `Order ID: ${codOrder.id}` });
      await waitForStep(order, codOrder.id, 'Delivered');
      await order.locator('.badge').getByText('Delivered', { exact: true }).waitFor();
      const delivery = order
        .locator('dt')
        .filter({ hasText: /^Delivery$/ })
        .locator('xpath=following-sibling::dd[1]');
      await delivery.filter({ hasText: /^Delivered on [A-Z][a-z]+ \d{1,2}, \d{4}$/ }).waitFor();
    });
  });

  test('Ship selected ships several orders with an AWB each, says how far it is and names the one refused, at 390 and 1280 px', async () => {
    const product = shippable(1);
    const amount = pairAmount(product);
    for (const width of WIDTHS) {
      const first = await placeSandboxOrder(server.baseURL, SHOPPER, { product, amount });
      const second = await placeSandboxOrder(server.baseURL, SHOPPER, { product, amount });
      const ids = [first._id, second._id];
      await onPage(
        async (page) => {
          await page.goto('/admin/orders');
          const chips = page.getByRole('group', { name: 'Show orders' });
          await chips.getByRole('button', { name: /^To ship/ }).click();
          await page.waitForURL((url) => url.search === '?show=to-ship');
          for (const id of ids) await page.getByRole('checkbox', { name: `Select order ${id}` }).check();
          await page.getByRole('button', { name: /^Ship selected/ }).click();
          const dialog = page.getByRole('dialog', { name: 'Ship 2 orders' });
          await dialog.getByLabel('Courier').fill('Blue Dart');
          await dialog.getByLabel(/^Tracking URL/).fill('https://track.example.com/awb/{awb}');
          // The first AWB is refused by the server; the second ships.
          await dialog.getByLabel(`AWB for order ${ids[0]}`).fill('bad awb');
          const goodAwb = newAwb(`W${width}`);
          await dialog.getByLabel(`AWB for order ${ids[1]}`).fill(goodAwb);
          await saveScreen(page, 'shipping-ship-selected', { fullPage: false });
          await dialog.getByRole('button', { name: 'Ship 2 orders' }).click();

          const failures = dialog.getByRole('alert');
          await failures.filter({ hasText: '1 of 2 shipped. One order was not shipped:' }).waitFor();
          await failures.getByText(`${ids[0]}: Invalid AWB`).waitFor();
          await saveScreen(page, 'shipping-ship-selected-failure', { fullPage: false });
          await looksSound(page, `Ship selected at ${width} px`);

          const fixedAwb = newAwb(`F${width}`);
          await dialog.getByLabel(`AWB for order ${ids[0]}`).fill(fixedAwb);
          await dialog.getByRole('button', { name: 'Ship the other order' }).click();
          await toast(page, '1 order shipped').waitFor();
          await dialog.waitFor({ state: 'detached' });

          await chips.getByRole('button', { name: /^In transit/ }).click();
          for (const [id, awb] of [
            [ids[0], fixedAwb],
            [ids[1], goodAwb],
          ]) {
            const row = page.locator('table.admin-table tbody tr').filter({ hasText: id });
            await row.getByText(awb, { exact: true }).waitFor();
            assert.equal(await row.getByRole('link', { name: 'Track' }).getAttribute('href'), trackingUrlOf(awb));
          }
          await saveScreen(page, 'shipping-admin-orders');
          await looksSound(page, `admin orders with the filters at ${width} px`);
        },
        { account: ADMIN, width },
      );
    }
  });
});
