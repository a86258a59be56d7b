import { screen, waitFor, within } from '@testing-library/react';
import { catalogRoutes } from '@/testing/catalog-server';
import { categoriesFixture, productFixture } from '@/testing/data';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const sneakers = Array.from({ length: 26 }, (_, i) =>
  productFixture({
    _id: `s${i + 1}`,
    name: `Sneaker ${i + 1}`,
    description: [`Runner number ${i + 1}`],
    category: { _id: 'c1', name: 'Sneakers' },
    updatedAt: new Date(Date.UTC(2024, 0, 31 - i)).toISOString(),
  }),
);
const sandal = productFixture({ _id: 'd1', name: 'Beach Sandal', category: { _id: 'c2', name: 'Sandals' } });

function shop(extra = {}) {
  return mockApi({
    ...catalogRoutes([...sneakers, sandal]),
    'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    ...extra,
  });
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

const pageCalls = (calls: MockRequest[]) =>
  calls.filter((c) => c.path === '/product/get-products').map((c) => Object.fromEntries(c.query));

describe('category page', () => {
  it("shows the category's products page by page, named from the categories list", async () => {
    const { calls } = shop();
    const { user } = renderApp('/category/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sneakers' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    expect(screen.getByText('26 products')).toBeInTheDocument();
    expect(screen.getByText('Runner number 1...')).toBeInTheDocument();
    expect(cardNames()).not.toContain('Beach Sandal');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardNames()).toHaveLength(26));
    expect(cardNames().at(-1)).toBe('Sneaker 26');
    expect(pageCalls(calls)).toEqual([
      { category: 'c1', sort: 'newest', page: '1', limit: '24' },
      { category: 'c1', sort: 'newest', page: '2', limit: '24' },
    ]);
  });

  it('loads the first row of photos at once, the first of them first, and the rest lazily', async () => {
    shop();
    renderApp('/category/c1');
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    const photos = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('img', { hidden: true });
    expect(photos.map((img) => img.getAttribute('loading')).slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'lazy']);
    expect(photos[0]).toHaveAttribute('fetchpriority', 'high');
    expect(photos[1]).not.toHaveAttribute('fetchpriority');
    expect(photos[0]!.getAttribute('sizes')).toMatch(/365px$/);
  });

  it("says 'No products found in this category.' when it has none", async () => {
    shop();
    renderApp('/category/c-empty');
    expect(await screen.findByText('No products found in this category.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch products. Please try again later.' when the products cannot be read", async () => {
    shop({ 'GET /product/get-products': { status: 500, body: { success: false, message: 'Something went wrong' } } });
    renderApp('/category/c1');
    expect(
      await screen.findByText('Failed to fetch products. Please try again later.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
