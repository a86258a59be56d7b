// The administrator's day against the real server: every admin screen, each step checked where a
// shopper or the owner would notice it. The steps share one server and build on each other
// (the product of step 2 is edited in 3, ordered in 6 and deleted in 8), so they run in order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, placeSandboxOrder } from './support/api.mjs';
import {
  ADMIN,
  catalog,
  launchBrowser,
  looksSound,
  orderAmount,
  saveScreen,
  SHOPPER,
  shownPrice,
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

const stamp = Date.now().toString(36);
const made = {
  category: `Trail ${stamp}`,
  product: `Ridge Runner ${stamp}`,
  sale: `Monsoon ${stamp}`,
  /** @type {string} */ productId: '',
};
/** The price the edit step sets; the orders are placed at it. */
const EDITED = { price: 3199, discount: 10, quantity: 3 };

before(async () => {
  server = await startServer('admin');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh 1280 px page, signed in as `account`; the admin's confirm() dialogs are accepted. */
function onPage(/** @type {(page: import('playwright-core').Page) => Promise<void>} */ body, account = ADMIN) {
  return withFreshPage(browser, server.baseURL, 1280, async (page) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, account);
    await body(page);
  });
}

/** The table row that holds `text`. */
function row(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ text) {
  return page.locator('table.admin-table tbody tr').filter({ hasText: text });
}

/** `datetime-local` text for now + `hours`, in India time. */
function istInput(/** @type {number} */ hours) {
  return new Date(Date.now() + hours * 3_600_000 + 330 * 60_000).toISOString().slice(0, 16);
}

describe('admin journeys', () => {
  test('signs in, follows the Dashboard link and sees the overview under the strip', async () => {
    await onPage(async (page) => {
      const main = page.getByRole('navigation', { name: 'Main' });
      await main.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      const strip = page.getByRole('navigation', { name: 'Admin' });
      assert.deepEqual(await strip.getByRole('link').allTextContents(), [
        'Users',
        'Orders',
        'Products',
        'Categories',
        'Sale',
        'Coupons',
        'Returns',
      ]);
      assert.equal(await page.title(), 'Dashboard · Paduka');
      // The demo shopper's month of past orders ends two days ago: nothing was sold today yet.
      const today = page.locator('.stat-card').filter({ hasText: 'Revenue today' });
      assert.equal(await today.locator('.stat-card-value').textContent(), '₹0');
      await page.locator('.recharts-surface').waitFor();
    });
  });

  test('creates a category, then a product with an uploaded photo that the home page shows', async () => {
    const { products } = await catalog(server.baseURL);
    const photo = Buffer.from(
      await (await fetch(`${server.baseURL}/api/v1/product/product-photo/${products[0]._id}`)).arrayBuffer(),
    );
    await onPage(async (page) => {
      await page.goto('/admin/categories');
      await page.getByLabel('Name').fill(made.category);
      await page.getByLabel('Image URL').fill('https://example.com/trail.jpg');
      await page.getByRole('button', { name: 'Create' }).click();
      await toast(page, `${made.category} created Successfully`).waitFor();
      await row(page, made.category).waitFor();
      await saveScreen(page, 'admin-categories');
      await looksSound(page, 'admin categories');

      await page.goto('/admin/products');
      const form = page.locator('form.admin-form').first();
      await form.getByLabel('Category').selectOption({ label: made.category });
      await form.getByLabel('Seller').selectOption({ index: 1 });
      await form.getByLabel('Product Id').fill(`RR-${stamp}`);
      await form.getByLabel('Name').fill(made.product);
      await form.getByLabel('Info').fill('A grippy trail shoe for wet ghats');
      await form.getByLabel('Types').fill('UK 8, UK 9');
      await form.getByLabel('Models').fill('RR-8, RR-9');
      await form.getByLabel('Prices', { exact: true }).fill('2999, 3099');
      await form.getByLabel('Discounts').fill('0, 5');
      await form.getByLabel('Description').fill('Grips wet rock, Drains fast');
      await form.getByLabel('Specifications').fill('Weight 280 g, Drop 6 mm');
      await form.getByLabel('Material').fill('Mesh');
      await form.getByLabel('Tags').fill('trail, monsoon');
      await form.getByLabel('Quantity').fill('12');
      await form
        .getByLabel('Photo', { exact: true })
        .setInputFiles({ name: 'ridge-runner.png', mimeType: 'image/png', buffer: photo });
      await form.getByRole('img', { name: 'Product photo preview' }).waitFor();
      await form.getByRole('button', { name: 'Create' }).click();
      await toast(page, `${made.product} created Successfully`).waitFor();
      const created = row(page, made.product);
      await created.waitFor();
      assert.match((await created.textContent()) ?? '', new RegExp(`${made.category}.*₹2,999, ₹3,099.*0%, 5%.*12`));
      await saveScreen(page, 'admin-products');
      await looksSound(page, 'admin products');

      const { products: now } = await catalog(server.baseURL);
      made.productId = now.find((p) => p.name === made.product)?._id ?? '';
      assert.ok(made.productId, 'the product is in the catalog');

      await page.goto('/');
      await waitForApp(page);
      const card = page.getByRole('list', { name: 'Products' }).locator('article').filter({ hasText: made.product });
      await card.waitFor();
      const image = card.locator('img').first();
      await image.scrollIntoViewIfNeeded();
      assert.match((await image.getAttribute('src')) ?? '', new RegExp(`/product/product-photo/${made.productId}`));
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await image.elementHandle(),
      );
    });
  });

  test('renames the category with a picture of this shop; the products table follows without a reload', async () => {
    const { categories } = await apiCall(server.baseURL, '/category/all-categories');
    const shopPicture = categories.find((/** @type {{name: string}} */ c) => c.name === 'Boots').image;
    assert.match(shopPicture, /^\/api\/v1\/media\//, 'the demo categories show pictures served by the shop');
    await onPage(async (page) => {
      await page.goto('/admin/products');
      await row(page, made.product).filter({ hasText: made.category }).waitFor();
      const strip = page.getByRole('navigation', { name: 'Admin' });

      await strip.getByRole('link', { name: 'Categories' }).click();
      await row(page, made.category).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${made.category}` });
      assert.equal(await dialog.getByLabel('Image URL').inputValue(), 'https://example.com/trail.jpg');
      made.category = `${made.category} Shoes`;
      await dialog.getByLabel('Name').fill(made.category);
      await dialog.getByLabel('Image URL').fill(shopPicture);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, made.category).waitFor();

      await strip.getByRole('link', { name: 'Products' }).click();
      await row(page, made.product).filter({ hasText: made.category }).waitFor();
    });
    const { categories: now } = await apiCall(server.baseURL, '/category/all-categories');
    assert.equal(now.find((/** @type {{name: string}} */ c) => c.name === made.category)?.image, shopPicture);
  });

  test('edits the product in the modal; the table and the product page show the change', async () => {
    await onPage(async (page) => {
      await page.goto('/admin/products');
      await row(page, made.product).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${made.product}` });
      assert.equal(await dialog.getByLabel('Name').inputValue(), made.product);
      await dialog.getByRole('img', { name: 'Product photo preview' }).waitFor();
      await dialog.getByLabel('Prices', { exact: true }).fill(`${EDITED.price}, 3299`);
      await dialog.getByLabel('Discounts').fill(`${EDITED.discount}, 5`);
      await dialog.getByLabel('Quantity').fill(String(EDITED.quantity));
      await dialog.evaluate((d) => d.scrollTo(0, 0));
      await saveScreen(page, 'admin-product-edit', { fullPage: false });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Product Updated Successfully').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row(page, made.product)
        .filter({ hasText: `₹${EDITED.price.toLocaleString('en-IN')}` })
        .waitFor();

      await page.goto(`/product/${made.productId}`);
      await page.getByRole('heading', { level: 1, name: made.product }).waitFor();
      await page.getByText(shownPrice(EDITED.price, EDITED.discount)).first().waitFor();
    });
  });

  test('creates a sale and the home page counts down to its end; Edit renames it', async () => {
    await onPage(async (page) => {
      await page.goto('/admin/sale');
      await page.getByRole('button', { name: 'Create' }).click();
      await toast(page, 'Fill all details').waitFor();

      // Starts before the demo sale, so it is the one the banner shows.
      await page.getByLabel('Name').fill(made.sale);
      await page.getByLabel('Start (India time)').fill(istInput(-72));
      await page.getByLabel('End (India time)').fill(istInput(3));
      await page.getByLabel('Discount').fill('25');
      await page.getByRole('button', { name: 'Create' }).click();
      await toast(page, /Sale Created Successfully/i).waitFor();
      await row(page, made.sale).filter({ hasText: '25' }).waitFor();

      await page.goto('/');
      const banner = page.getByRole('complementary', { name: 'Sale' });
      await banner.getByText(`${made.sale} Sale Ends in`).waitFor();
      const first = await banner.getByRole('timer').textContent();
      await page.waitForTimeout(1100);
      assert.notEqual(await banner.getByRole('timer').textContent(), first, 'the countdown moves');
      assert.match(first ?? '', /^00d 02h 5\dm \d\ds$/, 'just under three hours are left');

      await page.goto('/admin/sale');
      await row(page, made.sale).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      assert.equal(await dialog.getByLabel('Discount').inputValue(), '25');
      made.sale = `${made.sale} Extra`;
      await dialog.getByLabel('Name').fill(made.sale);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, made.sale).waitFor();
      await saveScreen(page, 'admin-sale');
      await looksSound(page, 'admin sale');
    });
  });

  test("edits a shopper's phone and address from the users table", async () => {
    await onPage(async (page) => {
      await page.goto('/admin/users');
      const shopper = row(page, SHOPPER.email);
      await shopper.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Phone').fill('9123456780');
      await dialog.getByLabel('Address').fill('9 Holi Gate, Mathura');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Profile Updated Successfully').waitFor();
      await row(page, '9 Holi Gate, Mathura').filter({ hasText: '9123456780' }).waitFor();
      // Nobody may delete themselves.
      assert.equal(await row(page, ADMIN.email).getByRole('button', { name: 'Delete' }).isDisabled(), true);
      await saveScreen(page, 'admin-users');
      await looksSound(page, 'admin users');
    });
    await onPage(async (page) => {
      await page.goto('/user/profile');
      assert.equal(await page.getByLabel('Address').inputValue(), '9 Holi Gate, Mathura');
    }, SHOPPER);
  });

  test("moves an order to Delivered, so the shopper's Cancel Order is disabled; Delete cancels another", async () => {
    const product = { _id: made.productId };
    const amount = orderAmount([{ price: EDITED.price, discount: EDITED.discount, quantity: 1 }]);
    const kept = await placeSandboxOrder(server.baseURL, SHOPPER, { product, amount });
    const cancelled = await placeSandboxOrder(server.baseURL, SHOPPER, { product, amount });

    await onPage(async (page) => {
      await page.goto('/admin/orders');
      const keptRow = row(page, kept.paymentId);
      await keptRow.waitFor();
      assert.match((await keptRow.textContent()) ?? '', new RegExp(`₹${amount.toLocaleString('en-IN')}.*Pending`));
      await keptRow.getByRole('combobox').selectOption('Delivered');
      await toast(page, /updated/i).waitFor();
      await keptRow
        .locator('td')
        .nth(6)
        .filter({ hasText: /^Delivered$/ })
        .waitFor();

      // Cancelled orders stay on the list, for the books, and can go nowhere from there.
      const cancelledRow = row(page, cancelled.paymentId);
      await cancelledRow.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Order Cancelled Successfully').waitFor();
      await cancelledRow
        .locator('td')
        .nth(6)
        .filter({ hasText: /^Cancelled$/ })
        .waitFor();
      assert.equal(await cancelledRow.getByRole('button', { name: 'Delete' }).isDisabled(), true);
      assert.equal(await cancelledRow.getByRole('combobox').isDisabled(), true);
      assert.equal(await keptRow.getByRole('button', { name: 'Delete' }).isDisabled(), true);
      await saveScreen(page, 'admin-orders');
      await looksSound(page, 'admin orders');

      await keptRow.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(`**/edit-order/${kept._id}`);
      await page.getByRole('heading', { level: 1, name: `Order ${kept._id}` }).waitFor();
      await page.getByRole('cell', { name: made.product }).waitFor();
      assert.equal(await page.getByLabel('Change status').inputValue(), 'Delivered');
      const history = await page.getByRole('list', { name: 'History' }).getByRole('listitem').allTextContents();
      assert.equal(history.length, 2, history.join(' | '));
      assert.match(history[0], /^Pending.*IST.*by Asha Verma$/);
      assert.match(history[1], /^Delivered.*IST.*by Paduka Admin$/);
      await saveScreen(page, 'admin-edit-order');
      await looksSound(page, 'admin edit order');

      // Stock: 3, two ordered, one given back by the cancellation.
      await page.goto('/admin/products');
      assert.equal(await row(page, made.product).locator('td').nth(5).textContent(), '2');

      await page.goto('/admin/dashboard');
      const today = page.locator('.stat-card').filter({ hasText: 'Revenue today' });
      await today.getByText(`₹${amount.toLocaleString('en-IN')}`).waitFor();
      await today.getByText('1 order', { exact: true }).waitFor();
      const lowStock = page.getByRole('region', { name: 'Low on stock' });
      await lowStock.getByRole('listitem').filter({ hasText: made.product }).getByText('2 pairs left').waitFor();
      await page.locator('.recharts-bar-rectangle').first().waitFor();
      await saveScreen(page, 'admin-dashboard');
      await looksSound(page, 'admin dashboard');
    });

    await onPage(async (page) => {
      await page.goto('/user/orders');
      const order = page.locator('article.order').filter({ hasText: kept.paymentId });
      await order.locator('.badge').getByText('Delivered', { exact: true }).waitFor();
      const cancel = order.getByRole('button', { name: 'Cancel Order' });
      assert.equal(await cancel.isDisabled(), true);
      assert.equal(await page.locator('article.order').filter({ hasText: cancelled.paymentId }).count(), 0);
    }, SHOPPER);
  });

  test('on a phone (390 px) no admin list scrolls the page sideways: each row is a card naming its columns', async () => {
    await withFreshPage(browser, server.baseURL, 390, async (page) => {
      await signIn(page, ADMIN);
      /** Each screen, and a row it lists: the steps before made them. */
      const screens = [
        ['orders', '/admin/orders', 'Asha Verma'],
        ['users', '/admin/users', SHOPPER.email],
        ['products', '/admin/products', made.product],
        ['categories', '/admin/categories', made.category],
        ['sale', '/admin/sale', made.sale],
      ];
      for (const [name, path, text] of screens) {
        await page.goto(path);
        const card = row(page, text).first();
        await card.waitFor();
        await saveScreen(page, `admin-${name}-phone`);
        await looksSound(page, `admin ${name} at 390 px`);
        // Every cell of the row is on the screen (an empty one takes no room), each named by its
        // column's heading; the row's buttons (Edit, Delete) and a select-all box need none.
        const headings = await page.locator('table.admin-table thead th').evaluateAll((ths) =>
          ths.map((th) => ({
            text: th.textContent?.trim() ?? '',
            control: th.classList.contains('admin-th-control'),
          })),
        );
        const cells = await card.locator('td').evaluateAll((tds) =>
          tds.map((td) => {
            const box = td.getBoundingClientRect();
            const label = getComputedStyle(td, '::before').content;
            return {
              shown: td.childNodes.length === 0 || (box.width > 0 && box.left >= 0 && box.right <= window.innerWidth),
              label: label.startsWith('"') ? JSON.parse(label) : '',
            };
          }),
        );
        assert.equal(cells.length, headings.length, `${name}: a cell per column`);
        const off = cells.flatMap((c, i) => (c.shown ? [] : [headings[i].text]));
        assert.deepEqual(off, [], `${name}: every cell of a row within the 390 px screen`);
        const named = headings.flatMap((h, i) => (h.control ? [] : [{ column: h.text, label: cells[i].label }]));
        assert.deepEqual(
          named,
          named.map(({ column }) => ({ column, label: ['Edit', 'Delete'].includes(column) ? '' : column })),
          `${name}: each cell says its column`,
        );
      }
    });
  });

  test('deletes the product, the category and the sale it created', async () => {
    await onPage(async (page) => {
      await page.goto('/admin/products');
      await row(page, made.product).getByRole('button', { name: 'Delete' }).click();
      await toast(page, `${made.product} deleted Successfully`).waitFor();
      await row(page, made.product).waitFor({ state: 'detached' });

      await page.goto('/admin/categories');
      await row(page, made.category).getByRole('button', { name: 'Delete' }).click();
      await row(page, made.category).waitFor({ state: 'detached' });

      await page.goto('/admin/sale');
      await row(page, made.sale).getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Sale deleted Successfully').waitFor();
      await row(page, made.sale).waitFor({ state: 'detached' });

      await page.goto('/');
      await page.getByRole('complementary', { name: 'Sale' }).getByText('Winter Footwear Sale Ends in').waitFor();
      await page.getByRole('list', { name: 'Products' }).locator('article').first().waitFor();
      assert.equal(await page.getByRole('list', { name: 'Products' }).getByText(made.product).count(), 0);
    });
    const left = await apiCall(server.baseURL, '/category/all-categories');
    assert.equal(left.categories.filter((/** @type {{name: string}} */ c) => c.name === made.category).length, 0);
  });

  test('a shopper opening /admin sees the refusal and no admin screen', async () => {
    await onPage(async (page) => {
      await page.goto('/admin/products');
      await page.getByRole('heading', { name: 'Your are not authorized to access this page' }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Admin' }).count(), 0);
    }, SHOPPER);
  });
});
