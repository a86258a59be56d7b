// Colours (decisions D44, section 19) against the real server and the built storefront, on a
// phone (390 px). A shopper picks a colour of the demo's Bandra Street High-Top (Charcoal, Rust,
// Sand): the gallery and the sizes follow it, Sand's sold-out size is greyed, the address holds
// `?color=`; two colours of the shoe go in one order, paid online, and the order and its tax
// invoice name each line's colour. The admin imports a Shopify export whose variants come in two
// colours, each with its `Variant Image` on another site (a photo server started here), and the
// product page shows their swatches with those photos. This file's server is its own.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN,
  catalog,
  launchBrowser,
  looksSound,
  orderAmount,
  saveScreen,
  toast,
  waitForApp,
  withSignedInPage,
} from './support/browser.mjs';
import { addToCart, fillAddress, openCart, openProduct, payInSandbox } from './support/cart.mjs';
import { downloadPdf, literally } from './support/documents.mjs';
import { chooseImportFile } from './support/import.mjs';
import { startServer } from './support/server.mjs';

/** @typedef {import('playwright-core').Page} Page */

/** @type {import('./support/server.mjs').RunningServer} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {import('node:http').Server} */
let photos;
/** The photo server's address, e.g. http://127.0.0.1:40123. */
let photoBase = '';

before(async () => {
  // The import fetches photos from this machine only when told it may (decisions D34).
  server = await startServer('colours', { env: { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' } });
  browser = await launchBrowser();
  // Another shop's CDN: two demo photos, served as PNGs under names of their own.
  const { products } = await catalog(server.baseURL);
  const [tan, black] = await Promise.all(
    products
      .filter((p) => p.hasPhoto)
      .slice(0, 2)
      .map(async (p) =>
        Buffer.from(await (await fetch(`${server.baseURL}/api/v1/product/product-photo/${p._id}`)).arrayBuffer()),
      ),
  );
  const files = new Map([
    ['/cdn/trail-tan.png', tan],
    ['/cdn/trail-black.png', black],
  ]);
  photos = createServer((request, reply) => {
    const body = files.get(request.url ?? '');
    if (!body) {
      reply.writeHead(404).end();
      return;
    }
    reply.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length }).end(body);
  });
  await new Promise((listening) => photos.listen(0, '127.0.0.1', () => listening(undefined)));
  photoBase = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (photos.address()).port}`;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((closed) => (photos ? photos.close(() => closed(undefined)) : closed(undefined)));
});

/** The demo product sold in three colours. */
async function highTop() {
  const { products } = await catalog(server.baseURL);
  const product = products.find((p) => p.name === 'Bandra Street High-Top');
  assert.ok(product, 'the demo catalog has Bandra Street High-Top');
  assert.deepEqual(
    product.colors.map((c) => c.name),
    ['Charcoal', 'Rust', 'Sand'],
  );
  return product;
}

/** The colour picker of the open product page. */
const swatches = (/** @type {Page} */ page) => page.getByRole('group', { name: /^Colour:/ });
/** The sizes of the open product page. */
const sizes = (/** @type {Page} */ page) => page.getByRole('group', { name: 'Type' });

/** Picks the colour `name` by tapping its swatch, and waits for the address to name it. */
async function pickColour(/** @type {Page} */ page, /** @type {string} */ name) {
  await swatches(page).locator(`label[title="${name}"]`).click();
  await page.waitForURL((url) => url.searchParams.get('color') === name);
  await page.getByRole('group', { name: `Colour: ${name}` }).waitFor();
}

/** The address of the gallery's first photo (the main one). */
const mainPhoto = (/** @type {Page} */ page) =>
  page.locator('.gallery-slide').first().locator('img').first().getAttribute('src');

/** The media id a photo address of this shop ends with (`/api/v1/media/{id}`). */
const mediaId = (/** @type {string} */ address) => address.split('/').pop()?.split('?')[0] ?? '';

describe('colours', () => {
  test('a shopper picks a colour at 390 px, buys two colours of one shoe, and the order and invoice name them', async () => {
    const product = await highTop();
    const sand = product.colors.find((c) => c.name === 'Sand');
    assert.ok(sand && sand.photos.length > 0, 'Sand has photos of its own');
    const sandSizes = product.type.filter((_, i) => product.color[i] === 'Sand');
    const soldOutSize = sandSizes[sandSizes.length - 1];
    assert.equal(
      product.stock?.[product.color.findIndex((c, i) => c === 'Sand' && product.type[i] === soldOutSize)],
      0,
      "Sand's largest size is sold out in the demo",
    );

    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        await openProduct(page, product);
        await waitForApp(page);
        await page.getByRole('group', { name: 'Colour: Charcoal' }).waitFor();
        for (const colour of product.colors) {
          await swatches(page).getByRole('radio', { name: colour.name, exact: true }).waitFor({ state: 'attached' });
        }
        const charcoalPhoto = await mainPhoto(page);

        // Sand: its own photos and its sizes, the largest greyed as sold out.
        await pickColour(page, 'Sand');
        await page.waitForFunction(
          (id) => document.querySelector('.gallery-slide img')?.getAttribute('src')?.includes(id) ?? false,
          mediaId(sand.photos[0] ?? ''),
        );
        assert.notEqual(await mainPhoto(page), charcoalPhoto, 'the gallery follows the colour');
        const soldOut = sizes(page).locator('label.variant-option', { hasText: soldOutSize });
        await soldOut.getByText('Sold out').waitFor();
        assert.match((await soldOut.getAttribute('class')) ?? '', /is-sold-out/);
        assert.equal(await sizes(page).getByRole('radio').count(), sandSizes.length, "only Sand's sizes");
        // Every size and colour is a thumb's target: a radio drawn over its label, 44 x 44 px at least.
        const targets = await page.locator('.variant-options input, .swatch-options input').evaluateAll((radios) =>
          radios.map((radio) => {
            const { width, height } = radio.getBoundingClientRect();
            return { name: radio.closest('label')?.textContent?.trim(), width, height };
          }),
        );
        assert.equal(targets.length, sandSizes.length + product.colors.length, 'the sizes and the colours');
        assert.deepEqual(
          targets.filter((t) => t.width < 44 || t.height < 44),
          [],
          'every size and colour is at least 44 x 44 px at 390 px',
        );
        await saveScreen(page, 'product-colour-sand');
        await looksSound(page, 'a coloured product at 390 px');

        // Rust and Charcoal of the same size, in one cart.
        await pickColour(page, 'Rust');
        const size = product.type[product.color.indexOf('Rust')];
        await sizes(page).locator('label.variant-option', { hasText: size }).click();
        await addToCart(page, 1);
        await pickColour(page, 'Charcoal');
        // The shopper's size is kept when the colour has it.
        assert.equal(await sizes(page).getByRole('radio', { name: size, exact: true }).isChecked(), true);
        await addToCart(page, 2);

        await openCart(page);
        const lines = page.locator('.cart-line-variant');
        assert.deepEqual((await lines.allTextContents()).sort(), [`Charcoal, ${size}`, `Rust, ${size}`]);
        // Each line shows the pair as it was picked: its colour's main photo, linking to that colour.
        const rust = product.colors.find((c) => c.name === 'Rust');
        assert.ok(rust && rust.photos.length > 0, 'Rust has photos of its own');
        const rustLine = page.locator('.cart-line').filter({ hasText: `Rust, ${size}` });
        assert.equal(await rustLine.locator('.cart-line-media img').getAttribute('src'), rust.photos[0]);
        assert.match((await rustLine.locator('.cart-line-media').getAttribute('href')) ?? '', /[?&]color=Rust(&|$)/);
        await fillAddress(page);
        const bought = ['Rust', 'Charcoal'].map((colour) =>
          product.color.findIndex((c, i) => c === colour && product.type[i] === size),
        );
        await payInSandbox(
          page,
          orderAmount(bought.map((i) => ({ price: product.price[i], discount: product.discount[i], quantity: 1 }))),
        );

        await page.goto('/user/orders');
        const order = page.locator('article.order').first();
        await order.getByText(`Rust, ${size}`).waitFor();
        await order.getByText(`Charcoal, ${size}`).waitFor();
        await saveScreen(page, 'order-two-colours');
        const { text } = await downloadPdf(page, order, {
          button: 'Download invoice',
          folder: 'invoices',
          as: 'two-colours.pdf',
        });
        // A long name may wrap in the invoice's description column: compare without the breaks.
        const flat = text.replace(/\s+/g, ' ');
        for (const colour of ['Rust', 'Charcoal']) {
          assert.match(flat, new RegExp(literally(`(${colour}, ${size})`)), `the invoice names ${colour}:\n${text}`);
        }
      },
      { width: 390 },
    );
  });

  test('the admin imports a Shopify export in two colours, and the product page shows their swatches', async () => {
    const csv = [
      'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status,Image Src,Variant Image',
      `ridge-trail-e2e,Ridge Trail Runner,Grippy lugs,Acme,Running,trail,TRUE,Size,UK 8,Color,Tan,RT-T8,4,2999,3999,active,${photoBase}/cdn/trail-tan.png,${photoBase}/cdn/trail-tan.png`,
      `ridge-trail-e2e,,,,,,,,UK 9,,Tan,RT-T9,3,2999,3999,active,,${photoBase}/cdn/trail-tan.png`,
      `ridge-trail-e2e,,,,,,,,UK 8,,Black,RT-B8,5,2999,3999,active,,${photoBase}/cdn/trail-black.png`,
      `ridge-trail-e2e,,,,,,,,UK 9,,Black,RT-B9,0,2999,3999,active,,${photoBase}/cdn/trail-black.png`,
      '',
    ].join('\n');
    await withSignedInPage(
      browser,
      server.baseURL,
      async (page) => {
        const form = await chooseImportFile(page, { name: 'products_export.csv', csv });
        await form.getByRole('button', { name: 'Dry run' }).click();
        await page.getByText(/^Ready to import 1 products?: 1 new, 0 updated, 0 unchanged\.$/).waitFor();
        await form.getByRole('button', { name: 'Import' }).click();
        await toast(page, 'Import finished: 1 new, 0 updated, 0 unchanged').waitFor({ timeout: 30_000 });
        await page.getByRole('cell', { name: 'Ridge Trail Runner' }).waitFor();

        const { products } = await catalog(server.baseURL);
        const ridge = products.find((p) => p.name === 'Ridge Trail Runner');
        assert.ok(ridge, 'the imported product is listed');
        assert.deepEqual(
          ridge.colors.map((c) => c.name),
          ['Tan', 'Black'],
        );
        assert.deepEqual(ridge.color, ['Tan', 'Tan', 'Black', 'Black']);
        assert.deepEqual(ridge.salePrice, [2999, 2999, 2999, 2999], 'Variant Price is the exact price');
        for (const colour of ridge.colors) {
          assert.match(colour.photos[0] ?? '', /^\/api\/v1\/media\//, `${colour.name}'s photo is stored on this shop`);
        }
        assert.notEqual(ridge.colors[0]?.photos[0], ridge.colors[1]?.photos[0], 'each colour has its own photo');

        await openProduct(page, ridge);
        await waitForApp(page);
        for (const colour of ridge.colors) {
          const swatch = swatches(page).locator(`label[title="${colour.name}"] img`);
          await swatch.waitFor();
          await page.waitForFunction(
            (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
            await swatch.elementHandle(),
          );
        }
        await pickColour(page, 'Black');
        await sizes(page).locator('label.variant-option', { hasText: 'UK 9' }).getByText('Sold out').waitFor();
        await saveScreen(page, 'imported-colours');
      },
      { account: ADMIN, width: 390 },
    );
  });
});
