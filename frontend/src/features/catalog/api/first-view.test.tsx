// The server draws the home, category and product pages and carries the API's replies it drew
// them from (decisions D29): the app must show the same page from them without asking again.
import { screen, within } from '@testing-library/react';
import { productPageParams } from './get-product-pages';
import { DEFAULT_SORT } from '../utils/listing';
import { apiUrl } from '@/lib/api-client';
import { categoriesFixture, productFixture } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { FIRST_VIEW_ID, readFirstView } from './first-view';

const shoes = [
  productFixture({ _id: 'a', name: 'जूती <Mojari> & "Co"', price: [2499], discount: [20] }),
  productFixture({ _id: 'b', name: 'Kolhapuri Chappal', price: [899], discount: [0] }),
];
const page = { success: true, count: 2, total: 2, priceCeiling: 2499, products: shoes };

/** The page as the server sends it: the replies in the head, at the browser's address `path`. */
function arrive(path: string, replies: Record<string, unknown>) {
  window.history.replaceState(null, '', path);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_VIEW_ID;
  script.textContent = JSON.stringify(replies);
  document.head.append(script);
}

/** Every other call the page makes (sales, reviews) gets an empty list. */
const server = () =>
  mockApi({
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    'GET /product/reviews/:id': { body: { success: true, reviews: [] } },
  });

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

afterEach(() => {
  document.getElementById(FIRST_VIEW_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

describe('the first view the server drew', () => {
  it('home: the banner, categories and first page come from the page, not from the server', () => {
    arrive('/', {
      [apiUrl('/product/featured')]: { success: true, products: [shoes[1]] },
      [apiUrl('/product/get-products', productPageParams({ categories: [], sort: DEFAULT_SORT }, 1))]: page,
      [apiUrl('/category/all-categories')]: { success: true, categories: categoriesFixture },
    });
    const { calls } = server();
    renderApp('/');
    // At once: no spinner, no skeletons, nothing to wait for.
    expect(cardNames()).toEqual(['जूती <Mojari> & "Co"', 'Kolhapuri Chappal']);
    const banner = screen.getByRole('region', { name: 'Featured products' });
    expect(within(banner).getByRole('heading', { name: 'Kolhapuri Chappal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shop by Category' })).toBeInTheDocument();
    expect(screen.queryByText('Loading products')).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/get-products|featured|all-categories/)]),
    );
  });

  it('a category page: its first page and name come from the page', async () => {
    arrive('/category/c1', {
      [apiUrl('/product/get-products', productPageParams({ categories: ['c1'], sort: 'newest' }, 1))]: page,
      [apiUrl('/category/all-categories')]: { success: true, categories: categoriesFixture },
    });
    const { calls } = server();
    renderApp('/category/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sneakers' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['जूती <Mojari> & "Co"', 'Kolhapuri Chappal']);
    expect(screen.getByText('2 products')).toBeInTheDocument();
    expect(calls.filter((c) => /get-products|all-categories/.test(c.path))).toEqual([]);
  });

  it('a product page: the product comes from the page; only its reviews are asked for', async () => {
    const shoe = { ...shoes[0], numReviews: 3, rating: 4 };
    arrive('/product/a', { [apiUrl('/product/get-product/a')]: { success: true, product: shoe } });
    const { calls } = server();
    renderApp('/product/a');
    expect(await screen.findByRole('heading', { level: 1, name: 'जूती <Mojari> & "Co"' })).toBeInTheDocument();
    expect(screen.getByText('₹1,999.20')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/product/get-product'))).toEqual([]);
  });

  it('a page without a readable first view is asked for as before', () => {
    expect(readFirstView()).toBeNull();
    const broken = document.createElement('script');
    broken.type = 'application/json';
    broken.id = FIRST_VIEW_ID;
    broken.textContent = '{not json';
    document.head.append(broken);
    expect(readFirstView()).toBeNull();
  });
});
