import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { admin, categoriesFixture, productFixture, sessionFor } from '@/testing/data';
import { captureDownloads } from '@/testing/downloads';
import { fileReply, mockApi, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/admin-auth': { body: { ok: true } },
  'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
  'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
  'GET /product/get-products': { body: { success: true, count: 1, products: [productFixture()] } },
};

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
});

afterEach(() => vi.restoreAllMocks());

const csv = () => new File(['Handle,Title\nmojari,Mojari\n'], 'products.csv', { type: 'text/csv' });

const report = (overrides: object = {}) => ({
  success: true,
  status: 'done',
  processed: 3,
  total: 3,
  created: 2,
  updated: 1,
  unchanged: 0,
  warnings: [],
  errors: [],
  missingPhotos: 0,
  ...overrides,
});

const isDryRun = (request: MockRequest) => request.form?.get('dryRun') === 'true';

describe('admin products: import and export', () => {
  it('exports the catalog as the CSV the server names', async () => {
    const saved = captureDownloads();
    mockApi({
      ...base,
      'GET /product/export': fileReply({
        content: 'Handle,Title\n',
        type: 'text/csv',
        filename: 'paduka-products.csv',
      }),
    });
    const { user } = renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved.map((f) => f.filename)).toEqual(['paduka-products.csv']));
    expect(await saved[0]!.blob!.text()).toBe('Handle,Title\n');
  });

  it('checks the file with a dry run, then imports it as a job with a progress bar', async () => {
    let polls = 0;
    const { calls } = mockApi({
      ...base,
      'POST /product/import': (request) =>
        isDryRun(request)
          ? {
              body: report({
                warnings: [
                  { row: 3, column: 'Variant Price', message: 'Price moved by ₹2 with the rounded discount' },
                  { row: 4, column: 'Type', message: 'Type is empty: the product is in Uncategorised' },
                ],
              }),
            }
          : { status: 202, body: { success: true, job: 'job-1' } },
      'GET /product/import/:job': () => {
        polls += 1;
        return {
          body: polls === 1 ? report({ status: 'running', processed: 1, created: 1, updated: 0 }) : report(),
        };
      },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    const importButton = within(form).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Dry run' })).toBeDisabled();

    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('Ready to import 3 products: 2 new, 1 updated, 0 unchanged.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Import warnings' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 3, Variant Price: Price moved by ₹2 with the rounded discount',
      'Row 4, Type: Type is empty: the product is in Uncategorised',
    ]);
    const dry = calls.find((c) => c.path === '/product/import')!;
    expect(dry.form?.get('file')).toBeInstanceOf(File);
    expect(dry.form?.get('dryRun')).toBe('true');
    expect(dry.headers.get('Authorization')).toBe('token-u0');

    await user.click(importButton);
    const running = await screen.findByRole('progressbar', { name: 'Importing: 1 of 3 products' });
    expect(running).toHaveAttribute('value', '1');
    expect(running).toHaveAttribute('max', '3');
    const done = await screen.findByRole('progressbar', { name: 'Imported 3 of 3 products' });
    expect(done).toHaveAttribute('value', '3');
    expect(await screen.findByText('Import finished: 2 new, 1 updated, 0 unchanged')).toBeInTheDocument();
    const imports = calls.filter((c) => c.path === '/product/import');
    expect(imports.map(isDryRun)).toEqual([true, false]);
    expect(calls.filter((c) => c.path === '/product/import/job-1').length).toBeGreaterThanOrEqual(2);
  });

  it('lists a refused file by row and column and imports nothing', async () => {
    const { calls } = mockApi({
      ...base,
      'POST /product/import': {
        status: 400,
        body: {
          success: false,
          message: 'Import has errors',
          errors: [{ row: 4, column: 'Variant Price', message: 'Price must be a number' }],
        },
      },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    const errors = await screen.findByRole('table', { name: 'Import errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RowColumnProblem', '4Variant PricePrice must be a number']);
    expect(await screen.findByText('Import has errors', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(calls.filter((c) => c.path === '/product/import')).toHaveLength(1);
  });

  it('offers to import the valid products of a file with some wrong ones, and lists those left out', async () => {
    const refused = {
      status: 400,
      body: {
        success: false,
        message: 'Import has errors',
        errors: [{ row: 4, column: 'Variant Price', message: 'Price must be a number' }],
        valid: 2,
        invalid: 1,
      },
    };
    const { calls } = mockApi({
      ...base,
      'POST /product/import': (request) =>
        request.form?.get('skipInvalid') === 'true'
          ? { status: 202, body: { success: true, job: 'job-5', valid: 2, invalid: 1 } }
          : refused,
      'GET /product/import/:job': {
        body: report({
          total: 2,
          processed: 2,
          created: 2,
          updated: 0,
          errors: [{ row: 4, column: 'Variant Price', message: 'Price must be a number' }],
        }),
      },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('2 products are right; 1 has errors and would be left out.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Import the 2 valid products' }));
    expect(await screen.findByText('Import finished: 2 new, 0 updated, 0 unchanged')).toBeInTheDocument();
    expect(screen.getByText('Left out for errors in the file:')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Import errors' })).toHaveTextContent(
      '4Variant PricePrice must be a number',
    );
    const imports = calls.filter((c) => c.path === '/product/import');
    expect(imports.map((c) => [c.form?.get('dryRun'), c.form?.get('skipInvalid')])).toEqual([
      ['true', null],
      [null, 'true'],
    ]);
  });

  it('offers nothing to import when no product of the file is right', async () => {
    mockApi({
      ...base,
      'POST /product/import': {
        status: 400,
        body: {
          success: false,
          message: 'Import has errors',
          errors: [{ row: 1, column: 'Handle', message: 'The file has no Variant Price column' }],
          valid: 0,
          invalid: 0,
        },
      },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('table', { name: 'Import errors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /valid product/ })).not.toBeInTheDocument();
  });

  it('shows a failed job with the photo that could not be used', async () => {
    mockApi({
      ...base,
      'POST /product/import': (request) =>
        isDryRun(request) ? { body: report() } : { status: 202, body: { success: true, job: 'job-2' } },
      'GET /product/import/:job': {
        body: report({
          status: 'failed',
          processed: 0,
          created: 0,
          updated: 0,
          errors: [{ row: 2, column: 'Image Src', message: 'The photo could not be fetched (404)' }],
        }),
      },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    await user.click(await within(form).findByRole('button', { name: 'Import' }, {}));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled());
    expect(await screen.findByText('The import failed: nothing was written.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Import errors' })).toHaveTextContent(
      '2Image SrcThe photo could not be fetched (404)',
    );
  });

  it('sends the zip of photos with the CSV, to the dry run and to the import', async () => {
    const { calls } = mockApi({
      ...base,
      'POST /product/import': (request) =>
        isDryRun(request) ? { body: report() } : { status: 202, body: { success: true, job: 'job-3' } },
      'GET /product/import/:job': { body: report() },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    const zip = new File(['PK'], 'photos.zip', { type: 'application/zip' });
    await user.upload(within(form).getByLabelText('Photos (zip)'), zip);
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    await user.click(await within(form).findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import finished: 2 new, 1 updated, 0 unchanged')).toBeInTheDocument();
    const imports = calls.filter((c) => c.path === '/product/import');
    expect(imports.map((c) => (c.form?.get('photos') as File | null)?.name)).toEqual(['photos.zip', 'photos.zip']);
  });

  it('tells a job that stopped midway how far it got and what to do, as a problem of the whole import', async () => {
    mockApi({
      ...base,
      'POST /product/import': (request) =>
        isDryRun(request) ? { body: report() } : { status: 202, body: { success: true, job: 'job-4' } },
      'GET /product/import/:job': {
        body: report({
          status: 'failed',
          total: 2000,
          processed: 1000,
          unchanged: 0,
          errors: [{ row: 0, column: '', message: 'The import stopped before it finished (the shop was restarted).' }],
        }),
      },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    await user.click(await within(form).findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The import stopped after writing 1000 products.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Import errors' })).toHaveTextContent(
      'AllThe import stopped before it finished (the shop was restarted).',
    );
  });

  it('lists the photos that could not be used and fetches only those again', async () => {
    const dead = {
      row: 3,
      column: 'Image Src',
      message: 'The photo at https://cdn.test/gone.jpg could not be fetched: the server answered 404',
    };
    const page = {
      row: 4,
      column: 'Image Src',
      message:
        'The photo at https://cdn.test/page.html cannot be used: Photo must be a JPEG, PNG, WebP, GIF or AVIF image',
    };
    const moved = { row: 2, column: 'Variant Price', message: 'Variant Price 497 is sold at 500' };
    let fetchedAgain = false;
    const { calls } = mockApi({
      ...base,
      'POST /product/import': (request) =>
        isDryRun(request) ? { body: report() } : { status: 202, body: { success: true, job: 'job-5' } },
      'POST /product/import/:job/photos': () => {
        fetchedAgain = true;
        return { status: 202, body: report({ status: 'running', missingPhotos: 2, warnings: [moved, dead, page] }) };
      },
      'GET /product/import/:job': () => ({
        body: fetchedAgain
          ? report({ warnings: [moved] })
          : report({ missingPhotos: 2, warnings: [moved, dead, page] }),
      }),
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    await user.upload(within(form).getByLabelText('Products CSV'), csv());
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    await user.click(await within(form).findByRole('button', { name: 'Import' }));

    expect(
      await screen.findByText('2 photos could not be used: their products were imported without them.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Missing photos' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Row 3: ${dead.message}`, `Row 4: ${page.message}`]);

    await user.click(screen.getByRole('button', { name: 'Fetch again' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Missing photos' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Fetch again' })).not.toBeInTheDocument();
    const again = calls.filter((c) => c.path === '/product/import/job-5/photos');
    expect(again.map((c) => c.method)).toEqual(['POST']);
  });
  it("shows a WooCommerce file's warnings, and its gallery and colour photos that could not be used", async () => {
    const grouped = {
      row: 13,
      column: 'Type',
      message: 'Type grouped: not imported (only simple and variable products and their variations are)',
    };
    const repeat = {
      row: 8,
      column: 'Attribute 1 value(s)',
      message: 'Black, UK 9 is on row 5 already: the first is kept',
    };
    const gallery = {
      row: 10,
      column: 'Images',
      message: 'The photo at https://shop.example/knit-gone.jpg could not be fetched: the server answered 404',
    };
    const colour = {
      row: 11,
      column: 'Variant Image',
      message: 'The photo at https://cdn.test/black.jpg could not be fetched: the server answered 404',
    };
    mockApi({
      ...base,
      'POST /product/import': (request) =>
        isDryRun(request)
          ? { body: report({ warnings: [repeat, grouped] }) }
          : { status: 202, body: { success: true, job: 'job-6' } },
      'GET /product/import/:job': { body: report({ missingPhotos: 2, warnings: [repeat, gallery, colour, grouped] }) },
    });
    const { user } = renderApp('/admin/products');
    const form = await screen.findByRole('form', { name: 'Import products' });
    expect(within(form).getByText("Shopify's or WooCommerce's product CSV, or this shop's export")).toBeInTheDocument();
    const woo = new File(['ID,Type,SKU,Name,Regular price\n'], 'wc-product-export.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('Products CSV'), woo);
    await user.click(within(form).getByRole('button', { name: 'Dry run' }));
    expect(
      within(await screen.findByRole('list', { name: 'Import warnings' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 8, Attribute 1 value(s): Black, UK 9 is on row 5 already: the first is kept',
      `Row 13, Type: ${grouped.message}`,
    ]);

    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('2 photos could not be used: their products were imported without them.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Missing photos' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Row 10: ${gallery.message}`, `Row 11: ${colour.message}`]);
    expect(screen.getByRole('button', { name: 'Fetch again' })).toBeInTheDocument();
  });
});
