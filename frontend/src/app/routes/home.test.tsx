import { screen, waitFor, within } from '@testing-library/react';
import { categoriesFixture, productFixture, saleFixture } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const products = [
  productFixture({
    _id: 'a',
    name: 'Trail Runner',
    price: [2499],
    discount: [20],
    category: { _id: 'c1', name: 'Sneakers' },
    updatedAt: '2024-05-01T00:00:00Z',
  }),
  productFixture({
    _id: 'b',
    name: 'Kolhapuri Chappal',
    price: [899],
    discount: [5],
    category: { _id: 'c2', name: 'Sandals' },
    updatedAt: '2024-06-01T00:00:00Z',
    description: ['x'.repeat(140)],
  }),
  productFixture({
    _id: 'c',
    name: 'Oxford Classic',
    price: [3999],
    discount: [0],
    category: { _id: 'c1', name: 'Sneakers' },
    updatedAt: '2024-01-01T00:00:00Z',
  }),
];

function shop(extra = {}) {
  return mockApi({
    'GET /product/get-products': { body: { success: true, count: products.length, products } },
    'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    ...extra,
  });
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('home page', () => {
  it('shows a spinner, then the banner, the categories and the newest products first', async () => {
    shop();
    renderApp('/');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Shop by Category' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Featured products' })).toBeInTheDocument();
    expect(screen.getAllByText(/^FLAT \d+% OFF$/)).toHaveLength(3);
    expect(cardNames()).toEqual(['Kolhapuri Chappal', 'Trail Runner', 'Oxford Classic']);
    expect(screen.getByText('20% Off')).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout Trail Runner' })).toHaveAttribute('href', '/product/a');
    expect(screen.getByRole('link', { name: 'Sandals' })).toHaveAttribute('href', '/category/c2');
  });

  it('sorts, filters by category and by max price', async () => {
    shop();
    const { user } = renderApp('/');
    const sort = await screen.findByLabelText('Sort by');
    await user.selectOptions(sort, 'price-low');
    expect(cardNames()).toEqual(['Kolhapuri Chappal', 'Trail Runner', 'Oxford Classic']);
    await user.selectOptions(sort, 'price-high');
    expect(cardNames()).toEqual(['Oxford Classic', 'Trail Runner', 'Kolhapuri Chappal']);

    await user.click(screen.getByRole('checkbox', { name: 'Sneakers' }));
    expect(cardNames()).toEqual(['Oxford Classic', 'Trail Runner']);

    const slider = screen.getByLabelText(/Max Price/);
    expect(slider).toHaveAttribute('max', '3999');
    expect(slider).toHaveValue('3999');
  });

  it('shows the running sale with a countdown', async () => {
    shop({ 'GET /sale/allsales': { body: { success: true, sales: [saleFixture({ name: 'Diwali' })] } } });
    renderApp('/');
    expect(await screen.findByText('Diwali Sale Ends in')).toBeInTheDocument();
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(/^02d 0[01]h \d\dm \d\ds$/);
    const before = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(before), { timeout: 1500 });
  });

  it('shows no banner when no sale runs now', async () => {
    const past = saleFixture({ start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' });
    shop({ 'GET /sale/allsales': { body: { success: true, sales: [past] } } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    expect(screen.queryByText(/Sale Ends in/)).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load current sales.' when the sales cannot be fetched", async () => {
    shop({ 'GET /sale/allsales': { status: 500, body: { success: false, message: 'Something went wrong' } } });
    renderApp('/');
    expect(await screen.findByText('Failed to load current sales.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('lists Login and Register for visitors', async () => {
    shop();
    renderApp('/');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
  });
});
