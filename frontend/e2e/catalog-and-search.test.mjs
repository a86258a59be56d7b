// Catalog in and search that finds (decisions section 17): the admin imports a Shopify CSV
// through the products screen (dry run, then the job's progress bar), and a shopper who cannot
// spell "Kolhapuri" finds it from the navbar's search box.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  ADMIN,
  catalog,
  launchBrowser,
  saveScreen,
  toast,
  withFreshPage,
  withSignedInPage,
} from './support/browser.mjs';
import { chooseImportFile } from './support/import.mjs';
import { startServer } from './support/server.mjs';

const PHOTOS_ZIP = fileURLToPath(new URL('./fixtures/mojari-photos.zip', import.meta.url));

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer('catalog-and-search');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// Shopify's classic layout, with columns Paduka ignores, a Hindi title, a quoted line break, and
// a photo named by file name in the zip sent beside it (photos/mojari-e2e.jpg, 800 x 800).
const CSV = `Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status,Image Src
kolhapuri-e2e,Kolhapuri Chappal,"Hand stitched
Vegetable tanned leather",Acme,Ethnic Footwear,"festive, leather",TRUE,Size,UK 7,KC-7,4,1499,1999,active,
kolhapuri-e2e,,,,,,,,UK 8,KC-8,6,1499,1999,active,
mojari-e2e,मोजरी जूती,Soft sole,Acme,Ethnic Footwear,,TRUE,Size,UK 9,MJ-9,3,999,,active,mojari-e2e.jpg
`;

describe('catalog in, and search', () => {
  test('the admin imports a CSV: a dry run first, then the job with a progress bar', async () => {
    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        const form = await chooseImportFile(page, { name: 'products.csv', csv: CSV, photosZip: PHOTOS_ZIP });
        await form.getByRole('button', { name: 'Dry run' }).click();
        await page.getByText('Ready to import 2 products: 2 new, 0 updated, 0 unchanged.').waitFor();
        await form.getByRole('button', { name: 'Import' }).click();
        await page.getByRole('progressbar').first().waitFor();
        await toast(page, 'Import finished: 2 new, 0 updated, 0 unchanged').waitFor();
        const bar = page.getByRole('progressbar', { name: 'Imported 2 of 2 products' });
        assert.equal(await bar.getAttribute('value'), '2');
        await saveScreen(page, 'admin-import-done');
        // The products table lists them at once.
        await page.getByRole('cell', { name: 'मोजरी जूती' }).waitFor();
        await page.getByRole('cell', { name: 'Kolhapuri Chappal' }).waitFor();

        // The zip's photo is the product's, served and shown on its page.
        const mojari = (await catalog(server.baseURL)).products.find((p) => p.name === 'मोजरी जूती');
        assert.ok(mojari, 'the imported product is listed');
        await page.goto(`/product/${mojari._id}`);
        const photo = page.locator('main img[src*="/product-photo/"]').first();
        await photo.waitFor();
        await page.waitForFunction(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
          await photo.elementHandle(),
        );
        assert.equal(await photo.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth > 0), true);
      },
      { account: ADMIN },
    );
  });

  test('a misspelt word in the navbar suggests the product and Enter lists it, corrected', async () => {
    await withFreshPage(browser, server.baseURL, 1280, async (page) => {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Search shoes' });
      await box.fill('Kolapuri');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await list.getByRole('option', { name: /Kolhapuri Chappal/ }).waitFor();
      await saveScreen(page, 'search-suggestions', { fullPage: false });
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=Kolapuri$/);
      await page.getByText('Showing results for').waitFor();
      assert.match((await page.locator('.search-corrected').textContent()) ?? '', /Showing results for kolhapuri/i);
      const grid = page.getByRole('list', { name: 'Products' });
      await grid.locator('article').filter({ hasText: 'Kolhapuri Chappal' }).waitFor();
      assert.equal(await grid.locator('article').filter({ hasText: 'मोजरी जूती' }).count(), 0);

      // The sizes of what was found, as chips; one keeps the products with that size in stock.
      const sizes = page.getByRole('group', { name: 'Sizes' });
      const chips = await sizes.getByRole('button').allTextContents();
      assert.equal(chips[0], 'All sizes');
      assert.ok(chips.includes('UK 7') && chips.includes('UK 8'), chips.join(', '));
      await sizes.getByRole('button', { name: 'UK 8', exact: true }).click();
      await page.waitForURL(/size=UK\+8/);
      await grid.locator('article').filter({ hasText: 'Kolhapuri Chappal' }).waitFor();
      assert.equal(await sizes.getByRole('button', { name: 'UK 8', exact: true }).getAttribute('aria-pressed'), 'true');
      await saveScreen(page, 'search-results');
    });
  });

  test('on a phone the search box sits in the menu, and a chosen suggestion opens its product', async () => {
    await withFreshPage(browser, server.baseURL, 390, async (page) => {
      await page.goto('/');
      assert.equal(await page.getByRole('combobox', { name: 'Search shoes' }).isVisible(), false);
      await page.getByRole('button', { name: 'Menu' }).click();
      const box = page.getByRole('combobox', { name: 'Search shoes' });
      await box.fill('मोजरी');
      await page.getByRole('option', { name: /मोजरी जूती/ }).waitFor();
      await saveScreen(page, 'search-suggestions', { fullPage: false });
      await box.press('ArrowDown');
      await box.press('Enter');
      await page.waitForURL(/\/product\//);
      // The product page's own heading: until its code has come the home page stays on screen.
      await page.getByRole('heading', { level: 1, name: 'मोजरी जूती' }).waitFor();
    });
  });

  test("a search that lists nothing shows on the admin's overview, where it opens that search", async () => {
    await withFreshPage(browser, server.baseURL, 1280, async (page) => {
      await page.goto('/search?q=jordan');
      await page.getByText('No products found', { exact: false }).waitFor();
    });
    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        await page.goto('/admin/dashboard');
        const misses = page.getByRole('list', { name: 'Searches that found nothing' });
        const jordan = misses.getByRole('listitem').filter({ hasText: 'jordan' });
        await jordan.waitFor();
        assert.equal(await jordan.textContent(), 'jordan1 search');
        await saveScreen(page, 'admin-search-misses');
        // The import form on a phone, where an owner may well start one.
        await page.goto('/admin/products');
        await page.getByRole('form', { name: 'Import products' }).waitFor();
        await saveScreen(page, 'admin-import');
        await page.goto('/admin/dashboard');
        await misses.getByRole('link', { name: 'jordan' }).click();
        await page.waitForURL(/\/search\?q=jordan$/);
      },
      { account: ADMIN, width: 390 },
    );
  });
});
