import { screen, waitFor, within } from '@testing-library/react';
import { productFixture } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const shell = {
  'GET /product/featured': { body: { success: true, products: [] } },
  'GET /category/all-categories': { body: { success: true, categories: [] } },
  'GET /sale/allsales': { body: { success: true, sales: [] } },
};

const suggestions = [
  { _id: 'p1', name: 'Trail Sneaker', photo: '/api/v1/product/product-photo/p1?w=160', price: 2499 },
  { _id: 'p2', name: 'City Sneakers', photo: null, price: 1999.5 },
];

const sneakers = [
  productFixture({ _id: 'p1', name: 'Trail Sneaker', type: ['UK 10', 'UK 8'] }),
  productFixture({ _id: 'p2', name: 'City Sneakers', type: ['UK 6', 'UK 8'] }),
];

function shop() {
  return mockApi({
    ...shell,
    'GET /product/suggest': ({ query }) => ({
      body: { success: true, products: (query.get('q') ?? '').length >= 2 ? suggestions : [] },
    }),
    'GET /product/get-products': ({ query }) => {
      const size = query.get('size');
      const products = sneakers.filter((p) => !size || p.type.includes(size));
      const corrected = query.get('q') === 'sneakr' ? 'sneaker' : null;
      return {
        body: { success: true, count: products.length, total: products.length, correctedQ: corrected, products },
      };
    },
    'GET /product/get-product/:id': { body: { success: true, product: sneakers[0] } },
  });
}

describe('search', () => {
  it('suggests products with photos as one types, and arrows with Enter open the one chosen', async () => {
    const { calls } = shop();
    const { user, router } = renderApp('/');
    const box = await screen.findByRole('combobox', { name: 'Search shoes' });
    expect(box).toHaveAttribute('type', 'search');
    expect(box).toHaveAttribute('placeholder', 'Search shoes');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'sneakr');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Trail Sneaker₹2,499', 'City Sneakers₹1,999.50']);
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/api/v1/product/product-photo/p1?w=160');
    // Typing pauses before the server is asked: one call for the whole word, none for one letter.
    expect(calls.filter((c) => c.path === '/product/suggest').map((c) => c.query.get('q'))).toEqual(['sneakr']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/p1'));
  });

  it('Enter without a suggestion lists every match, says what it corrected and filters by size', async () => {
    const { calls } = shop();
    const { user, router } = renderApp('/');
    const box = await screen.findByRole('combobox', { name: 'Search shoes' });
    await user.type(box, 'sneakr{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=sneakr');
    expect(await screen.findByRole('heading', { name: 'Results for “sneakr”' })).toBeInTheDocument();
    expect(await screen.findByText('Showing results for')).toHaveTextContent('Showing results for sneaker');
    expect(screen.getByText('Trail Sneaker')).toBeInTheDocument();
    expect(screen.getByText('City Sneakers')).toBeInTheDocument();

    const chips = within(screen.getByRole('group', { name: 'Sizes' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['All sizes', 'UK 6', 'UK 8', 'UK 10']);
    await user.click(within(screen.getByRole('group', { name: 'Sizes' })).getByRole('button', { name: 'UK 6' }));
    await waitFor(() => expect(screen.queryByText('Trail Sneaker')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?q=sneakr&size=UK+6');
    const asked = calls.filter((c) => c.path === '/product/get-products' && c.query.get('q') === 'sneakr');
    expect(asked.map((c) => c.query.get('size'))).toEqual([null, 'UK 6']);
    expect(screen.getByRole('button', { name: 'UK 6' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("passes the address's colour on, shows each card in the colour named, and a chip clears it", async () => {
    const boot = productFixture({
      _id: 'b1',
      name: 'Chelsea Boot',
      colors: [
        { name: 'Tan', hex: null, photos: ['/api/v1/media/tan-1'] },
        { name: 'Black', hex: null, photos: ['/api/v1/media/black-1'] },
      ],
      color: ['Tan', 'Black'],
      type: ['UK 8', 'UK 8'],
      price: [4999, 4999],
      discount: [0, 0],
    });
    const { calls } = mockApi({
      ...shell,
      // As the server answers: the colour asked (any case) named as the product writes it.
      'GET /product/get-products': ({ query }) => {
        const shownColor = query.get('color')?.toLowerCase() === 'black' ? 'Black' : null;
        const products = [{ ...boot, shownColor }];
        return { body: { success: true, count: 1, total: 1, correctedQ: null, products } };
      },
    });
    const { user, router } = renderApp('/search?q=boot&color=black');
    const chip = await screen.findByRole('button', { name: 'Colour: Black (clear)' });
    const card = within(screen.getByRole('list', { name: 'Products' }));
    expect(card.getByRole('link', { name: 'Chelsea Boot' })).toHaveAttribute('href', '/product/b1?color=Black');
    expect(document.querySelector('.product-card-media img')).toHaveAttribute('src', '/api/v1/media/black-1');
    expect(calls.find((c) => c.path === '/product/get-products')?.query.get('color')).toBe('black');

    await user.click(chip);
    await waitFor(() => expect(router.state.location.search).toBe('?q=boot'));
    expect(screen.queryByRole('button', { name: /^Colour:/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(card.getByRole('link', { name: 'Chelsea Boot' })).toHaveAttribute('href', '/product/b1'),
    );
    const asked = calls.filter((c) => c.path === '/product/get-products').map((c) => c.query.get('color'));
    expect(asked).toEqual(['black', null]);
  });

  it('says so when nothing matches', async () => {
    mockApi({
      ...shell,
      'GET /product/get-products': { body: { success: true, count: 0, total: 0, correctedQ: null, products: [] } },
    });
    renderApp('/search?q=zzzz');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByText('Showing results for')).not.toBeInTheDocument();
  });
});
