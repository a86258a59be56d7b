import { screen, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { admin, categoriesFixture, productFixture, sessionFor } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const espadrille = productFixture({
  _id: 'p-eu',
  name: 'Espadrille',
  type: ['EU 40', 'EU 41'],
  price: [1500, 1500],
  discount: [0, 0],
  ownSizeChart: [
    { size: 'EU 40', footCm: 25 },
    { size: 'EU 41', footCm: 25.7 },
  ],
});

function serve() {
  return mockApi({
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    'GET /auth/admin-auth': { body: { ok: true } },
    'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
    'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
    'GET /product/get-products': { body: { success: true, count: 1, products: [espadrille] } },
    'POST /product/create-product': {
      status: 201,
      body: { success: true, message: 'Product Created Successfully', product: productFixture({ name: 'Tempo' }) },
    },
    'PUT /product/update-product/:id': {
      body: { success: true, message: 'Product Updated Successfully', product: espadrille },
    },
  });
}

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
});

describe("admin products: a product's own size chart", () => {
  it('starts a chart from the sizes typed, sends it as rows, and sends none for an empty chart', async () => {
    const { calls } = serve();
    const { user } = renderApp('/admin/products');
    await screen.findByRole('table');
    const create = screen.getByRole('button', { name: 'Create' }).closest('form')!;
    const chart = within(create).getByRole('group', { name: 'Size chart' });
    expect(within(chart).queryByRole('button', { name: 'Start from the sizes' })).not.toBeInTheDocument();

    await user.type(within(create).getByLabelText('Name'), 'Tempo');
    await user.type(within(create).getByLabelText('Types'), 'EU 40, EU 41');
    await user.click(within(chart).getByRole('button', { name: 'Start from the sizes' }));
    expect(within(chart).getByLabelText('Size 1')).toHaveValue('EU 40');
    expect(within(chart).getByLabelText('Size 2')).toHaveValue('EU 41');
    // Every size has a row now: nothing more to start from.
    expect(within(chart).queryByRole('button', { name: 'Start from the sizes' })).not.toBeInTheDocument();
    await user.type(within(chart).getByLabelText('Foot length in cm of EU 40'), '25');
    await user.type(within(chart).getByLabelText('Foot length in cm of EU 41'), '25.7');
    // A row added and left blank is not sent.
    await user.click(within(chart).getByRole('button', { name: 'Add a size to the chart' }));
    expect(within(chart).getByLabelText('Size 3')).toHaveValue('');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Tempo created Successfully')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/product/create-product')?.form?.get('sizeChart');
    expect(JSON.parse(String(sent))).toEqual([
      { size: 'EU 40', footCm: '25' },
      { size: 'EU 41', footCm: '25.7' },
    ]);
  });

  it('fills the edit form with the own chart, and removing every size sends it empty', async () => {
    const { calls } = serve();
    const { user } = renderApp('/admin/products');
    const table = await screen.findByRole('table');
    await user.click(
      within(within(table).getByRole('row', { name: /Espadrille/ })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog');
    const chart = within(dialog).getByRole('group', { name: 'Size chart' });
    expect(within(chart).getByLabelText('Foot length in cm of EU 41')).toHaveValue('25.7');

    await user.click(within(chart).getByRole('button', { name: 'Remove EU 40' }));
    expect(within(chart).getByLabelText('Size 1')).toHaveValue('EU 41');
    await user.click(within(chart).getByRole('button', { name: 'Remove EU 41' }));
    expect(within(chart).queryByLabelText('Size 1')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    // Empty: the product goes back to the shop's chart.
    expect(calls.find((c) => c.method === 'PUT')?.form?.get('sizeChart')).toBe('');
  });
});
