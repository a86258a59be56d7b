import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogRoutes, productPages } from '@/testing/catalog-server';
import { categoriesFixture, productFixture, saleFixture } from '@/testing/data';
import { mockApi, type MockReply, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Product } from '@/types/api';

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

function shop(extra = {}, catalog: Product[] = products) {
  return mockApi({
    ...catalogRoutes(catalog),
    'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    ...extra,
  });
}

/** 30 products, newest first by number: p1 is the newest; prices 1000, 1100, ... by number. */
const many = Array.from({ length: 30 }, (_, i) =>
  productFixture({
    _id: `m${i + 1}`,
    name: `Model ${i + 1}`,
    price: [1000 + i * 100],
    discount: [0],
    category: i % 2 === 0 ? { _id: 'c1', name: 'Sneakers' } : { _id: 'c2', name: 'Sandals' },
    updatedAt: new Date(Date.UTC(2024, 0, 31 - i)).toISOString(),
  }),
);

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/** The listing's calls to the server, as their search parameters. */
const pageCalls = (calls: MockRequest[]) =>
  calls.filter((c) => c.path === '/product/get-products').map((c) => Object.fromEntries(c.query));

describe('home page', () => {
  it('shows a spinner, then the banner, the categories and the newest products first', async () => {
    shop();
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    expect(await screen.findByRole('heading', { name: 'Shop by Category' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Featured products' })).toBeInTheDocument();
    expect(screen.getAllByText(/^FLAT \d+% OFF$/)).toHaveLength(3);
    expect(cardNames()).toEqual(['Kolhapuri Chappal', 'Trail Runner', 'Oxford Classic']);
    expect(screen.getByText('20% Off')).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout Trail Runner' })).toHaveAttribute('href', '/product/a');
    expect(screen.getByRole('link', { name: 'Sandals' })).toHaveAttribute('href', '/category/c2');
    expect(screen.queryByRole('status', { name: /Loading products/ })).not.toBeInTheDocument();
  });

  it('fills the banner from /product/featured, not from the listing', async () => {
    const pick = productFixture({ _id: 'f1', name: 'Festive Mojari', discount: [35] });
    shop({ 'GET /product/featured': { body: { success: true, products: [pick] } } });
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Featured products' });
    expect(within(banner).getByRole('heading', { name: 'Festive Mojari' })).toBeInTheDocument();
    expect(within(banner).getByText('FLAT 35% OFF')).toBeInTheDocument();
    expect(cardNames()).not.toContain('Festive Mojari');
  });

  it('sorts, filters by category and by max price', async () => {
    shop();
    const { user } = renderApp('/');
    const sort = await screen.findByLabelText('Sort by');
    await user.selectOptions(sort, 'price-low');
    await waitFor(() => expect(cardNames()).toEqual(['Kolhapuri Chappal', 'Trail Runner', 'Oxford Classic']));
    await user.selectOptions(sort, 'price-high');
    await waitFor(() => expect(cardNames()).toEqual(['Oxford Classic', 'Trail Runner', 'Kolhapuri Chappal']));

    await user.click(screen.getByRole('checkbox', { name: 'Sneakers' }));
    await waitFor(() => expect(cardNames()).toEqual(['Oxford Classic', 'Trail Runner']));

    const slider = screen.getByLabelText(/Max Price/);
    expect(slider).toHaveAttribute('max', '3999');
    expect(slider).toHaveValue('3999');
    fireEvent.change(slider, { target: { value: '3000' } });
    await waitFor(() => expect(cardNames()).toEqual(['Trail Runner']));
    expect(screen.getByText('Max Price: ₹3,000')).toBeInTheDocument();
  });

  it("lists the address's colour with a chip, each card in that colour; the chip or Reset clears it", async () => {
    const coloured = (id: string, name: string, colours: string[]) =>
      productFixture({
        _id: id,
        name,
        colors: colours.map((c) => ({ name: c, hex: null, photos: [`/api/v1/media/${c.toLowerCase()}`] })),
        color: colours,
        type: colours.map(() => 'UK 8'),
        price: colours.map(() => 2999),
        discount: colours.map(() => 0),
        updatedAt: `2024-0${colours.length}-01T00:00:00Z`,
      });
    const { calls } = shop({}, [
      coloured('t', 'Tan Loafer', ['Tan']),
      coloured('b', 'Chelsea Boot', ['Black', 'Tan']),
      products[0]!,
    ]);
    const { user, router } = renderApp('/?color=tan');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    expect(cardNames()).toEqual(['Chelsea Boot', 'Tan Loafer']);
    expect(screen.getByText('2 products')).toBeInTheDocument();
    const cardLink = () =>
      within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: 'Chelsea Boot' });
    expect(cardLink()).toHaveAttribute('href', '/product/b?color=Tan');
    expect(pageCalls(calls).map((q) => q.color)).toEqual(['tan']);

    const chip = screen.getByRole('button', { name: 'Colour: Tan (clear)' });
    await user.click(chip);
    await waitFor(() => expect(cardNames()).toEqual(['Trail Runner', 'Chelsea Boot', 'Tan Loafer']));
    expect(router.state.location.search).toBe('');
    expect(cardLink()).toHaveAttribute('href', '/product/b');

    await act(() => router.navigate('/?color=BLACK'));
    await waitFor(() => expect(cardNames()).toEqual(['Chelsea Boot']));
    expect(screen.getByRole('button', { name: 'Colour: Black (clear)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it('shows the first page, counts every match, and appends the next page with Load more', async () => {
    const { calls } = shop({}, many);
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    expect(cardNames()).toHaveLength(24);
    expect(cardNames()[0]).toBe('Model 1');
    expect(screen.getByText('30 products')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardNames()).toHaveLength(30));
    expect(cardNames().slice(0, 3)).toEqual(['Model 1', 'Model 2', 'Model 3']);
    expect(cardNames()[29]).toBe('Model 30');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(pageCalls(calls).map((q) => [q.page, q.limit])).toEqual([
      ['1', '24'],
      ['2', '24'],
    ]);
  });

  it("holds the next page's place with skeletons while it loads", async () => {
    let release = () => {};
    const answer = productPages(many);
    shop({
      'GET /product/get-products': async (req: MockRequest) => {
        if (req.query.get('page') === '2') await new Promise<void>((resolve) => (release = resolve));
        return answer(req);
      },
    });
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const grid = screen.getByRole('list', { name: 'Products' });
    // 24 cards and, for the 6 still to come, 6 hidden placeholders.
    await waitFor(() => expect(within(grid).getAllByRole('listitem', { hidden: true })).toHaveLength(30));
    expect(within(grid).getAllByRole('listitem')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(30));
    expect(within(grid).getAllByRole('listitem', { hidden: true })).toHaveLength(30);
  });

  it('loads the next page when the end of the grid scrolls near', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed.push({ callback });
        }
        observe(target: Element) {
          observed[observed.length - 1]!.target = target;
        }
        disconnect() {}
      },
    );
    try {
      shop({}, many);
      renderApp('/');
      await screen.findByRole('heading', { name: 'Shop by Category' });
      expect(cardNames()).toHaveLength(24);
      const watcher = observed.at(-1)!;
      expect(watcher.target).toContainElement(screen.getByRole('button', { name: 'Load more' }));
      act(() =>
        watcher.callback(
          [{ isIntersecting: true, target: watcher.target } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      await waitFor(() => expect(cardNames()).toHaveLength(30));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts again at page 1 with the new parameters when the sort or a filter changes', async () => {
    const { calls } = shop({}, many);
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardNames()).toHaveLength(30));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-high');
    await waitFor(() => expect(cardNames()[0]).toBe('Model 30'));
    expect(cardNames()).toHaveLength(24);
    expect(pageCalls(calls).at(-1)).toEqual({ sort: 'price-high', page: '1', limit: '24' });

    await user.click(screen.getByRole('checkbox', { name: 'Sandals' }));
    await waitFor(() => expect(cardNames()).toHaveLength(15));
    expect(pageCalls(calls).at(-1)).toEqual({ category: 'c2', sort: 'price-high', page: '1', limit: '24' });
    expect(screen.getByText('15 products')).toBeInTheDocument();

    // Both categories, in any click order, go as one comma-separated parameter.
    await user.click(screen.getByRole('checkbox', { name: 'Sneakers' }));
    await waitFor(() => expect(screen.getByText('30 products')).toBeInTheDocument());
    expect(pageCalls(calls).at(-1)).toEqual({ category: 'c1,c2', sort: 'price-high', page: '1', limit: '24' });

    fireEvent.change(screen.getByLabelText(/Max Price/), { target: { value: '2000' } });
    await waitFor(() => expect(screen.getByText('11 products')).toBeInTheDocument());
    expect(pageCalls(calls).at(-1)).toEqual({
      category: 'c1,c2',
      maxPrice: '2000',
      sort: 'price-high',
      page: '1',
      limit: '24',
    });
    expect(cardNames()[0]).toBe('Model 11');
  });

  it("sets the slider's maximum from the server's priceCeiling for the chosen categories", async () => {
    shop({}, many);
    const { user } = renderApp('/');
    const slider = await screen.findByLabelText(/Max Price/);
    // The highest first price of all 30, though only 24 are loaded.
    expect(slider).toHaveAttribute('max', '3900');
    expect(screen.getByText('Max Price: ₹3,900')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Sneakers' }));
    // Sneakers are the odd-numbered models: the dearest is Model 29 at 3800.
    await waitFor(() => expect(screen.getByLabelText(/Max Price/)).toHaveAttribute('max', '3800'));
    expect(screen.getByText('Max Price: ₹3,800')).toBeInTheDocument();
  });

  it('loads the first banner photo first and the cards lazily, each at the width it is drawn', async () => {
    shop();
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Featured products' });
    const first = within(banner).getAllByRole('img', { hidden: true });
    expect(first).toHaveLength(1);
    expect(first[0]).toHaveAttribute('fetchpriority', 'high');
    expect(first[0]!.getAttribute('sizes')).toMatch(/^\(max-width: 719px\) calc\(100vw - 32px\)/);
    // The other slides' photos are asked for once the first has loaded, at low priority.
    fireEvent.load(first[0]!);
    const slides = within(banner).getAllByRole('img', { hidden: true });
    expect(slides.length).toBeGreaterThan(1);
    expect(slides[1]).toHaveAttribute('fetchpriority', 'low');
    const card = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('img', { hidden: true })[0]!;
    expect(card).toHaveAttribute('loading', 'lazy');
    expect(card).not.toHaveAttribute('fetchpriority');
    expect(card.getAttribute('srcset')?.split(', ')).toHaveLength(4);
    expect(card.getAttribute('sizes')).toMatch(/270px$/);
  });

  it('never asks for the whole catalog', async () => {
    const { calls } = shop({}, many);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    const listing = pageCalls(calls);
    expect(listing.length).toBeGreaterThan(0);
    expect(listing.every((q) => Number(q.limit) >= 1 && Number(q.limit) <= 100)).toBe(true);
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

  it("holds the sale strip's space while the sales load, unless the last page had no sale", async () => {
    let answer = () => {};
    const slowSales = () =>
      new Promise<MockReply>((resolve) => {
        answer = () => resolve({ body: { success: true, sales: [] } });
      });
    shop({ 'GET /sale/allsales': slowSales });
    const first = renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    const strip = () => first.container.querySelector('.sale-banner');
    expect(strip()).toBeInTheDocument();
    answer();
    await waitFor(() => expect(strip()).not.toBeInTheDocument());
    expect(window.localStorage.getItem('saleStrip')).toBe('0');
    first.unmount();

    // The next visit, no sale expected: nothing held, nothing to close.
    shop({ 'GET /sale/allsales': slowSales });
    const second = renderApp('/');
    await screen.findByRole('heading', { name: 'Shop by Category' });
    expect(second.container.querySelector('.sale-banner')).not.toBeInTheDocument();
    answer();
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
