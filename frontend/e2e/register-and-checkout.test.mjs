// The shopper's way in and way to pay: registration with the e-mailed code, the pincode check,
// and checkout through the sandbox payment window, against the real server.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  catalog,
  clickClosingButton,
  launchBrowser,
  withFreshPage,
  orderAmount,
  SHOPPER,
  signIn,
  toast,
} from './support/browser.mjs';
import { payInSandbox } from './support/cart.mjs';
import { startServer } from './support/server.mjs';

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer('register-and-checkout');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

function onPage(
  /** @type {number} */ width,
  /** @type {(page: import('playwright-core').Page) => Promise<void>} */ body,
) {
  return withFreshPage(browser, server.baseURL, width, body);
}

/** The 6-digit code in the newest mail to `email` in the server's outbox (DATA_DIR/outbox/*.eml). */
async function codeMailedTo(/** @type {string} */ email) {
  const outbox = join(server.dataDir, 'outbox');
  for (let tries = 0; tries < 50; tries += 1) {
    if (existsSync(outbox)) {
      const mails = readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(join(outbox, f), 'utf8'))
        .filter((m) => m.toLowerCase().includes(email.toLowerCase()));
      for (const mail of mails.reverse()) {
        // Plain, quoted-printable or base64 bodies: look in the raw text, then in decoded blocks.
        const decoded = [...mail.matchAll(/^([A-Za-z0-9+/=]{16,})$/gm)].map((m) =>
          Buffer.from(m[1], 'base64').toString('utf8'),
        );
        for (const text of [mail, ...decoded]) {
          const code = text.match(/^\s*(\d{6})\s*$/m);
          if (code) return code[1];
        }
      }
    }
    await sleep(100);
  }
  throw new Error(`no code mailed to ${email} in ${outbox}`);
}

describe('registration with the e-mailed code', () => {
  test('registers, verifies the code from the outbox, lands on /login and signs in', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'walk-the-ghats-8';
    await onPage(390, async (page) => {
      await page.goto('/register');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Name').fill('Meera Iyer');
      await page.getByLabel('Phone').fill('9876543210');
      await page.getByLabel('Address').fill('7 Lake Road, Raipur');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await toast(page, 'OTP sent to your email').waitFor();
      const otp = page.getByLabel('OTP');
      await otp.waitFor();

      await otp.fill('000000');
      await page.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'Invalid or expired OTP').waitFor();

      await otp.fill(await codeMailedTo(email));
      await page.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'Email Verified Successfully').waitFor();
      await page.waitForURL('**/login');

      await signIn(page, { email, password });
      await page.goto('/user/profile');
      assert.equal(await page.getByLabel('Full Name').inputValue(), 'Meera Iyer');
    });
  });
});

describe('delivery check on the product page', () => {
  test('answers for deliverable, undeliverable and malformed pincodes', async () => {
    const { products } = await catalog(server.baseURL);
    await onPage(390, async (page) => {
      await page.goto(`/product/${products[0]._id}`);
      const box = page.getByRole('region', { name: 'Check Delivery Availability' });
      const pincode = box.getByLabel('Pincode');
      const result = box.getByRole('status');

      await pincode.fill('281001');
      await box.getByRole('button', { name: 'Check' }).click();
      await result.getByText('Delivery available at this pincode').waitFor();

      await pincode.fill('110001');
      await box.getByRole('button', { name: 'Check' }).click();
      await result.getByText('Delivery unavailable').waitFor();

      await pincode.fill('2810');
      await box.getByRole('button', { name: 'Check' }).click();
      await toast(page, 'Enter a valid 6-digit Pincode').waitFor();
    });
  });
});

describe('checkout', () => {
  test('pays in the sandbox window, sees the order as Pending, and cancels it', async () => {
    const { products } = await catalog(server.baseURL);
    const product = products.find((p) => p.price.length >= 2) ?? products[0];
    const amount = orderAmount([{ price: product.price[0], discount: product.discount[0] ?? 0, quantity: 2 }]);
    await onPage(1280, async (page) => {
      await signIn(page, SHOPPER);
      await page.goto(`/product/${product._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.goto('/user/cart');
      await page.getByRole('heading', { name: 'Order Summary' }).waitFor({ timeout: 8000 });

      // Validation first: the pincode, then the address.
      await page.getByRole('button', { name: 'Place Order' }).click();
      await toast(page, 'Enter a valid 6-digit Pincode').waitFor();
      await page.getByLabel('Pincode').fill('110001');
      await page.getByLabel('Shipping Address').fill('14 Civil Lines, Mathura');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await toast(page, 'Delivery not available at this address').waitFor();

      await page.getByLabel('Pincode').fill('281001');
      await payInSandbox(page, amount);

      await page.goto('/user/orders');
      // Newest first, above the demo shopper's past orders; held by its id, since cancelling it
      // brings the next one to the top.
      const newest = page.locator('article.order').first();
      await newest.waitFor();
      const order = page.locator(`article.order[aria-labelledby="${await newest.getAttribute('aria-labelledby')}"]`);
      await order.getByText('Pending').waitFor();
      await order.getByText(product.name).waitFor();
      assert.match((await order.textContent()) ?? '', new RegExp(`₹${amount.toLocaleString('en-IN')}`));
      await order.getByRole('button', { name: 'Cancel Order' }).click();
      await order.waitFor({ state: 'detached' });
    });
  });

  test('closing the payment window says Payment cancelled.', async () => {
    const { products } = await catalog(server.baseURL);
    await onPage(1280, async (page) => {
      await signIn(page, SHOPPER);
      await page.goto(`/product/${products[0]._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.goto('/user/cart');
      await page.getByRole('heading', { name: 'Order Summary' }).waitFor({ timeout: 8000 });
      await page.getByLabel('Shipping Address').fill('14 Civil Lines, Mathura');
      await page.getByLabel('Pincode').fill('492001');
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Place Order' }).click();
      const popup = await popupOpened;
      await popup.waitForLoadState();
      await clickClosingButton(popup, 'Cancel');
      await toast(page, 'Payment cancelled.').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart (1)' }).waitFor();
    });
  });
});
