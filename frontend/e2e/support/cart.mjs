// The product page and the cart as the journeys drive them: one copy of each step.
import assert from 'node:assert/strict';
import { toast } from './browser.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** Opens the product's page and waits for its name. */
export async function openProduct(/** @type {Page} */ page, /** @type {{_id: string, name: string}} */ product) {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
}

/**
 * Adds the open product page's chosen size to the cart and waits for the toast, then, when
 * `count` is given, for the cart count to read it.
 */
export async function addToCart(/** @type {Page} */ page, /** @type {number | undefined} */ count = undefined) {
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await toast(page, 'Item added to Cart').waitFor();
  if (count === undefined) return;
  // On small screens the menu is folded: the link is there but not visible.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: `Cart (${count})`, includeHidden: true })
    .waitFor({ state: 'attached' });
}

/** Opens the product's page, adds its first size, and waits for the cart count to read `count`. */
export async function addProductToCart(
  /** @type {Page} */ page,
  /** @type {{_id: string, name: string}} */ product,
  /** @type {number} */ count,
) {
  await openProduct(page, product);
  await addToCart(page, count);
}

/** Opens the cart and waits until its lines and the products' current stock are on screen. */
export async function openCart(/** @type {Page} */ page) {
  await page.goto('/user/cart');
  await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Types an address in Mathura and its deliverable pincode in the open cart. */
export async function fillAddress(/** @type {Page} */ page) {
  await page.getByLabel('Shipping Address').fill('14 Civil Lines, Mathura');
  await page.getByLabel('Pincode').fill('281001');
}

/** Opens the cart, types the address and a deliverable pincode, and picks Cash on Delivery. */
export async function cartWithCashOnDelivery(/** @type {Page} */ page) {
  await openCart(page);
  await fillAddress(page);
  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  assert.equal(await methods.getByRole('radio', { name: 'Pay online' }).isChecked(), true, 'online is the default');
  const cod = methods.getByRole('radio', { name: 'Cash on Delivery' });
  await cod.check();
  assert.equal(await cod.isChecked(), true);
  await page.getByText('You pay in cash when your order arrives.').waitFor();
}

/** The cart lines in local storage, as the storefront keeps them (what each is: product, size, pairs). */
export function storedCart(/** @type {Page} */ page) {
  return page.evaluate(() =>
    /** @type {Array<{_id: string, productno: number, quantity: number}>} */ (
      JSON.parse(localStorage.getItem('cart') ?? '[]')
    ).map(({ _id, productno, quantity }) => ({ _id, productno, quantity })),
  );
}

/**
 * Place Order in the open cart, paid in the sandbox gateway's window (its Pay), as a shopper
 * paying online does; waits for `Payment successful!` and the emptied cart. With `amount`,
 * checks that the window asks for exactly that many rupees.
 */
export async function payInSandbox(/** @type {Page} */ page, /** @type {number | undefined} */ amount = undefined) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  assert.match(popup.url(), /\/sandbox\/checkout\?order_id=[^&]+&amount=\d+/);
  if (amount !== undefined) {
    assert.equal(new URL(popup.url()).searchParams.get('amount'), String(Math.round(amount * 100)), 'the amount asked');
  }
  await popup.getByRole('button', { name: 'Pay' }).click();
  await toast(page, 'Payment successful!').waitFor({ timeout: 15_000 });
  // On small screens the menu is folded: the link is there but not visible.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Cart (0)', includeHidden: true })
    .waitFor({ state: 'attached' });
}
