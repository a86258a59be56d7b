import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { admin, categoriesFixture, productFixture, sessionFor } from '@/testing/data';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Product } from '@/types/api';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/admin-auth': { body: { ok: true } },
  'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
  'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
  'GET /product/search-misses': { body: { success: true, misses: [] } },
};

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
});

afterEach(() => vi.restoreAllMocks());

const saved = (product: Product, message = 'Product Updated Successfully') => ({
  body: { success: true, message, product },
});

/** The variant lists a product form sent, each split at its commas. */
const lists = (form: FormData | null | undefined) =>
  Object.fromEntries(
    ['color', 'type', 'price', 'salePrice', 'stock', 'model', 'discount'].map((k) => [
      k,
      String(form?.get(k) ?? '') === '' ? [] : String(form?.get(k)).split(','),
    ]),
  );

/** The Monsoon Knit Slip-On in Tan (two photos) and Black, UK 7 and UK 8 each. */
const monsoon = () =>
  productFixture({
    _id: 'm1',
    name: 'Monsoon Knit Slip-On',
    colors: [
      { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/tan-1', '/api/v1/media/tan-2'] },
      { name: 'Black', hex: null, photos: [] },
    ],
    color: ['Tan', 'Tan', 'Black', 'Black'],
    type: ['UK 7', 'UK 8', 'UK 7', 'UK 8'],
    model: [],
    price: [3299, 3299, 2999, 2999],
    discount: [60, 60, 10, 10],
    salePrice: [1299, 1299, 2699, 2699],
    stock: [4, 0, 2, 7],
    quantity: 13,
  });

const lastPut = (calls: MockRequest[]) => calls.filter((c) => c.method === 'PUT').at(-1)?.form;

describe('admin products with colours', () => {
  it('creates a product in two colours and three sizes, with a photo uploaded for a colour', async () => {
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 0, products: [] } },
      'POST /media': { status: 201, body: { success: true, message: 'Photo stored', path: '/api/v1/media/up-1' } },
      'POST /product/create-product': {
        status: 201,
        ...saved(productFixture({ name: 'Monsoon' }), 'Product Created Successfully'),
      },
    });
    const { user } = renderApp('/admin/products');
    await user.type(await screen.findByLabelText('Name'), 'Monsoon');
    await user.selectOptions(screen.getByLabelText('Category'), categoriesFixture[0]!._id);
    // Sizes typed before the colours are kept as the first colour's.
    await user.type(screen.getByLabelText('Types'), 'UK 7, UK 8');
    await user.type(screen.getByLabelText('Prices'), '3299, 3299');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    // The grid now holds the variants; the form's own lists give way to it.
    expect(screen.queryByLabelText('Types')).toBeNull();
    expect(screen.queryByLabelText('Prices')).toBeNull();
    expect(screen.getByLabelText('Size 1')).toHaveValue('UK 7');
    expect(screen.getByLabelText('Colour 1 UK 8 MRP')).toHaveValue('3299');

    await user.type(screen.getByLabelText('Colour 1 Name'), 'Tan');
    await user.type(screen.getByLabelText('Colour 1 Hex'), '#A0522D');
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await user.type(screen.getByLabelText('Size 3'), 'UK 9');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(screen.getByLabelText('Colour 2 Name'), 'Black');

    // Every input of the grid is named by its colour, size and column.
    const cells: [string, string, string, string][] = [
      ['Tan UK 7', '3299', '1299', '4'],
      ['Tan UK 8', '3299', '1299', '0'],
      ['Tan UK 9', '3299', '1399', '5'],
      ['Black UK 7', '2999', '2699', '2'],
      ['Black UK 8', '2999', '2699', '7'],
      ['Black UK 9', '2999', '2699', '1'],
    ];
    for (const [name, mrp, sale, stock] of cells) {
      for (const [column, value] of [
        ['MRP', mrp],
        ['Selling price', sale],
        ['Stock', stock],
      ]) {
        const input = screen.getByLabelText(`${name} ${column}`);
        await user.clear(input);
        await user.type(input, value!);
      }
    }

    const photos = new File(['png'], 'tan.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Colour 1 Add photos'), photos);
    expect(await screen.findByRole('img', { name: 'Tan photo 1, the main one' })).toHaveAttribute(
      'src',
      '/api/v1/media/up-1',
    );
    expect(calls.find((c) => c.path === '/media')?.form?.get('photo')).toBe(photos);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Monsoon created Successfully')).toBeInTheDocument();
    const form = calls.find((c) => c.path === '/product/create-product')?.form;
    expect(JSON.parse(String(form?.get('colors')))).toEqual([
      { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/up-1'] },
      { name: 'Black', hex: null, photos: [] },
    ]);
    expect(lists(form)).toEqual({
      color: ['Tan', 'Tan', 'Tan', 'Black', 'Black', 'Black'],
      type: ['UK 7', 'UK 8', 'UK 9', 'UK 7', 'UK 8', 'UK 9'],
      price: ['3299', '3299', '3299', '2999', '2999', '2999'],
      salePrice: ['1299', '1299', '1399', '2699', '2699', '2699'],
      stock: ['4', '0', '5', '2', '7', '1'],
      model: [],
      discount: [],
    });
    // Saved: the form is empty again, without colours.
    expect(screen.queryByLabelText('Colour 1 Name')).toBeNull();
    expect(screen.getByLabelText('Prices')).toHaveValue('');
  });

  it("edits a coloured product: each colour keeps its photos and cells; a removed colour's cells go", async () => {
    const product = monsoon();
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 1, products: [product] } },
      'PUT /product/update-product/:id': saved(product),
    });
    const { user } = renderApp('/admin/products');
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const field = (name: string) => within(dialog).getByLabelText(name);
    expect(field('Colour 1 Name')).toHaveValue('Tan');
    expect(field('Colour 1 Hex')).toHaveValue('#A0522D');
    expect(field('Colour 2 Name')).toHaveValue('Black');
    expect(field('Tan UK 8 MRP')).toHaveValue('3299');
    expect(field('Tan UK 8 Selling price')).toHaveValue('1299');
    expect(field('Tan UK 8 Stock')).toHaveValue('0');
    expect(field('Black UK 7 Stock')).toHaveValue('2');
    expect(
      within(dialog)
        .getAllByRole('img', { name: /^Tan photo/ })
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/api/v1/media/tan-1', '/api/v1/media/tan-2']);

    // Saved as it is: the same colours, photos and variants, in order.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    let form = lastPut(calls);
    expect(JSON.parse(String(form?.get('colors')))).toEqual(product.colors);
    expect(lists(form)).toEqual({
      color: ['Tan', 'Tan', 'Black', 'Black'],
      type: ['UK 7', 'UK 8', 'UK 7', 'UK 8'],
      price: ['3299', '3299', '2999', '2999'],
      salePrice: ['1299', '1299', '2699', '2699'],
      stock: ['4', '0', '2', '7'],
      model: [],
      discount: [],
    });

    // A photo removed, Black moved first then removed, Black's cells gone with it.
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Remove Tan photo 1' }));
    await user.click(within(again).getByRole('button', { name: 'Move Black up' }));
    expect(within(again).getByLabelText('Colour 1 Name')).toHaveValue('Black');
    await user.click(within(again).getByRole('button', { name: 'Remove Black' }));
    expect(within(again).queryByLabelText('Black UK 7 MRP')).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    form = lastPut(calls);
    expect(JSON.parse(String(form?.get('colors')))).toEqual([
      { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/tan-2'] },
    ]);
    expect(lists(form)).toMatchObject({
      color: ['Tan', 'Tan'],
      type: ['UK 7', 'UK 8'],
      price: ['3299', '3299'],
      stock: ['4', '0'],
    });
  });

  it('adds and removes a size in every colour at once, and a colour in one size', async () => {
    const product = monsoon();
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 1, products: [product] } },
      'PUT /product/update-product/:id': saved(product),
    });
    const { user } = renderApp('/admin/products');
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add size' }));
    await user.type(within(dialog).getByLabelText('Size 3'), 'UK 10');
    // Priced as the size before it, in each colour; its stock is to be typed.
    expect(within(dialog).getByLabelText('Tan UK 10 MRP')).toHaveValue('3299');
    expect(within(dialog).getByLabelText('Black UK 10 Selling price')).toHaveValue('2699');
    await user.type(within(dialog).getByLabelText('Tan UK 10 Stock'), '3');
    await user.type(within(dialog).getByLabelText('Black UK 10 Stock'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Remove size UK 7' }));
    expect(within(dialog).queryByLabelText('Tan UK 7 MRP')).toBeNull();
    // Black is no longer made in UK 8.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Black UK 8' }));
    expect(within(dialog).getByRole('button', { name: 'Add Black UK 8' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastPut(calls)).toBeTruthy());
    expect(lists(lastPut(calls))).toMatchObject({
      color: ['Tan', 'Tan', 'Black'],
      type: ['UK 8', 'UK 10', 'UK 10'],
      price: ['3299', '3299', '2999'],
      salePrice: ['1299', '1299', '2699'],
      stock: ['0', '3', '6'],
    });
  });

  it("shows the server's refusal as it shows the form's other errors", async () => {
    const product = monsoon();
    mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 1, products: [product] } },
      'PUT /product/update-product/:id': {
        status: 400,
        body: { success: false, message: 'Two variants are Tan, UK 8: each colour and size once' },
      },
    });
    const { user } = renderApp('/admin/products');
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Size 1'));
    await user.type(within(dialog).getByLabelText('Size 1'), 'UK 8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Two variants are Tan, UK 8: each colour and size once')).toBeInTheDocument();
    // Refused: the dialog stays open with what was typed.
    expect(within(dialog).getByLabelText('Size 1')).toHaveValue('UK 8');
  });

  it("a refused photo is toasted with the server's words and adds nothing", async () => {
    mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 0, products: [] } },
      'POST /media': {
        status: 400,
        body: { success: false, message: 'Photo must be a JPEG, PNG, WebP, GIF or AVIF image' },
      },
    });
    const { user } = renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Add colour' }));
    await user.upload(screen.getByLabelText('Colour 1 Add photos'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('Photo must be a JPEG, PNG, WebP, GIF or AVIF image')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Colour 1 photo/ })).toBeNull();
  });

  it('a product without colours sends no colours; removing the last colour sends none left, and the sizes back', async () => {
    const product = monsoon();
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 1, products: [product] } },
      'POST /product/create-product': {
        status: 201,
        ...saved(productFixture({ name: 'Plain' }), 'Product Created Successfully'),
      },
      'PUT /product/update-product/:id': saved(product),
    });
    const { user } = renderApp('/admin/products');
    await user.type(await screen.findByLabelText('Name'), 'Plain');
    await user.type(screen.getByLabelText('Prices'), '999');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Plain created Successfully')).toBeInTheDocument();
    const created = calls.find((c) => c.path === '/product/create-product')?.form;
    expect(created?.has('colors')).toBe(false);
    expect(created?.has('color')).toBe(false);

    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Black' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Tan' }));
    // Tan's sizes, prices and stock are the product's own again.
    expect(within(dialog).getByLabelText('Types')).toHaveValue('UK 7, UK 8');
    expect(within(dialog).getByLabelText('Prices')).toHaveValue('3299, 3299');
    expect(within(dialog).getByLabelText('Sale prices')).toHaveValue('1299, 1299');
    expect(within(dialog).getByLabelText('Stock per size')).toHaveValue('4, 0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastPut(calls)).toBeTruthy());
    const form = lastPut(calls);
    expect(form?.get('colors')).toBe('[]');
    expect(form?.has('color')).toBe(false);
    expect(lists(form)).toMatchObject({ type: ['UK 7', 'UK 8'], price: ['3299', '3299'], stock: ['4', '0'] });
  });
});
