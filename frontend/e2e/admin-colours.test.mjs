// The admin's colours on a phone (decisions D48): at 390 px the admin makes a shoe in two colours,
// each with its own photo, sizes and prices, and the shopper's page shows the colours' swatches.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN,
  catalog,
  launchBrowser,
  looksSound,
  saveScreen,
  signIn,
  toast,
  waitForApp,
  withFreshPage,
} from './support/browser.mjs';
import { startServer } from './support/server.mjs';

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

const name = `Monsoon Knit Slip-On ${Date.now().toString(36)}`;

before(async () => {
  server = await startServer('admin-colours');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin colours', () => {
  test('at 390 px the admin makes a shoe in two colours; its page shows their swatches', async () => {
    const { products } = await catalog(server.baseURL);
    const photoOf = async (/** @type {number} */ i) =>
      Buffer.from(
        await (await fetch(`${server.baseURL}/api/v1/product/product-photo/${products[i]._id}`)).arrayBuffer(),
      );
    const photos = { Tan: await photoOf(0), Black: await photoOf(1) };

    await withFreshPage(browser, server.baseURL, 390, async (page) => {
      await signIn(page, ADMIN);
      await page.goto('/admin/products');
      const form = page.locator('form.admin-form').first();
      await form.getByLabel('Category').selectOption({ index: 1 });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByRole('button', { name: 'Add colour' }).click();
      await form.getByLabel('Size 1', { exact: true }).fill('UK 7');
      await form.getByRole('button', { name: 'Add size' }).click();
      await form.getByLabel('Size 2', { exact: true }).fill('UK 8');
      await form.getByLabel('Colour 1 Name').fill('Tan');
      await form.getByLabel('Colour 1 Hex', { exact: true }).fill('#A0522D');
      for (const [cell, mrp, sale, stock] of [
        ['Tan UK 7', '3299', '1299', '4'],
        ['Tan UK 8', '3299', '1299', '0'],
      ]) {
        await form.getByLabel(`${cell} MRP`).fill(mrp);
        await form.getByLabel(`${cell} Selling price`).fill(sale);
        await form.getByLabel(`${cell} Stock`).fill(stock);
      }
      await form.getByRole('button', { name: 'Add colour' }).click();
      await form.getByLabel('Colour 2 Name').fill('Black');
      // Priced as Tan in each size; only its stock to type.
      assert.equal(await form.getByLabel('Black UK 8 Selling price').inputValue(), '1299');
      await form.getByLabel('Black UK 7 Stock').fill('2');
      await form.getByLabel('Black UK 8 Stock').fill('5');
      for (const [i, colour] of /** @type {const} */ (['Tan', 'Black']).entries()) {
        await form
          .getByLabel(`Colour ${i + 1} Add photos`)
          .setInputFiles({ name: `${colour}.png`, mimeType: 'image/png', buffer: photos[colour] });
        await form.getByRole('img', { name: `${colour} photo 1, the main one` }).waitFor();
      }

      // A thumb's targets, and nothing wider than the phone.
      const short = await form
        .locator('.colour-editor')
        .evaluate((editor) =>
          [...editor.querySelectorAll('input, button')]
            .map((el) => ({ name: el.getAttribute('aria-label') ?? el.id, height: el.getBoundingClientRect().height }))
            .filter((c) => c.height < 44),
        );
      assert.deepEqual(short, [], 'every input and button of the colours is at least 44 px tall');
      await looksSound(page, 'admin product colours');
      await saveScreen(page, 'admin-product-colours');

      await form.getByRole('button', { name: 'Create' }).click();
      await toast(page, `${name} created Successfully`).waitFor();
      // The products table names each size's colour beside its stock.
      await page
        .locator('table.admin-table tbody tr')
        .filter({ hasText: name })
        .locator('td')
        .getByText('Tan, UK 7: 4 · Tan, UK 8: 0 · Black, UK 7: 2 · Black, UK 8: 5', { exact: true })
        .waitFor();
    });

    const { products: now } = await catalog(server.baseURL);
    const made = now.find((/** @type {{ name: string }} */ p) => p.name === name);
    assert.ok(made, 'the product is in the catalog');

    await withFreshPage(browser, server.baseURL, 390, async (page) => {
      await page.goto(`/product/${made._id}`);
      await waitForApp(page);
      const tan = page.getByRole('radio', { name: 'Tan', exact: true });
      const black = page.getByRole('radio', { name: 'Black', exact: true });
      await tan.waitFor({ state: 'attached' });
      assert.equal(await tan.isChecked(), true, 'the first colour in stock is shown');
      // Tan UK 8 was saved with no stock: the page says so.
      await page.getByRole('radio', { name: /UK 8.*Sold out/ }).waitFor({ state: 'attached' });
      await page.locator('.swatch').filter({ has: black }).click();
      await page.waitForURL(/\?color=Black$/);
      assert.equal(await black.isChecked(), true);
      await looksSound(page, 'product page with colours');
    });
  });
});
