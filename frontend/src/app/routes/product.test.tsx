import { screen } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { productFixture, reviewFixture, sessionFor, shopper } from '@/testing/data';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const shoe = productFixture({
  _id: 'p-trail',
  name: 'Trail Runner',
  info: 'Grippy sole for wet trails',
  type: ['UK 7', 'UK 8'],
  price: [2000, 2500],
  discount: [10, 20],
  description: ['Breathable mesh', 'Rubber outsole'],
  specifications: ['Weight 280 g'],
  otherphoto: ['/media/g1', '/media/g2'],
  photoVersion: '0123456789abcdef',
});

function api(extra = {}) {
  return mockApi({
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    'GET /product/get-product/p-trail': { body: { success: true, product: shoe } },
    'GET /product/reviews/p-trail': {
      body: {
        success: true,
        reviews: [reviewFixture({ rating: 4 }), reviewFixture({ rating: 5, user: { _id: 'u8', name: 'Meera' } })],
      },
    },
    'GET /delivery/:pin': (req: MockRequest) =>
      req.path.endsWith('492001')
        ? { body: { success: true, deliverable: true, message: 'Delivery available at this pincode' } }
        : { body: { success: true, deliverable: false, message: 'Delivery unavailable' } },
    ...extra,
  });
}

describe('product page', () => {
  it('shows the MRP struck through, what it sells at, percent off and switches with the variant', async () => {
    api();
    const { user } = renderApp('/product/p-trail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trail Runner' })).toBeInTheDocument();
    expect(screen.getByText('Grippy sole for wet trails')).toBeInTheDocument();
    expect(screen.getByText('₹1,800')).toBeInTheDocument();
    expect(screen.getByText('MRP ₹2,000').tagName).toBe('S');
    expect(screen.getByText('10% off')).toBeInTheDocument();
    expect(screen.getByText('inclusive of all taxes')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'UK 8' }));
    expect(screen.getByText('₹2,000')).toBeInTheDocument(); // 2500 - 20%
    expect(screen.getByText('MRP ₹2,500').tagName).toBe('S');
    expect(screen.getByText('20% off')).toBeInTheDocument();

    expect(screen.getByText('Breathable mesh, Rubber outsole')).toBeInTheDocument();
    expect(screen.getByText('Weight 280 g')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Show photo/ })).toHaveLength(3);
  });

  it('shows an exact sale price under its MRP to the rupee, and a full-price size without an MRP', async () => {
    const exact = productFixture({
      _id: 'p-exact',
      name: 'Court Classic',
      type: ['UK 7', 'UK 8'],
      price: [3299, 1499],
      discount: [60, 0],
      salePrice: [1299, 1499],
    });
    api({ 'GET /product/get-product/p-exact': { body: { success: true, product: exact } } });
    const { user } = renderApp('/product/p-exact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Court Classic' })).toBeInTheDocument();
    expect(screen.getByText('MRP ₹3,299').tagName).toBe('S');
    expect(screen.getByText('₹1,299')).toBeInTheDocument();
    expect(screen.getByText('60% off')).toBeInTheDocument();
    expect(screen.getByText('inclusive of all taxes')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'UK 8' }));
    expect(screen.getByText('₹1,499')).toBeInTheDocument();
    expect(screen.queryByText(/^MRP/)).not.toBeInTheDocument();
    expect(screen.queryByText(/% off$/)).not.toBeInTheDocument();
  });

  it('loads the main photo first, at the width the screen needs, and the rest lazily', async () => {
    api();
    renderApp('/product/p-trail');
    await screen.findByRole('heading', { level: 1, name: 'Trail Runner' });
    const main = screen.getByRole('img', { name: 'Trail Runner' });
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main.getAttribute('srcset')).toContain(
      '/api/v1/product/product-photo/p-trail?w=960&v=0123456789abcdef 960w',
    );
    expect(main).toHaveAttribute('sizes', '(max-width: 860px) calc(100vw - 32px), (max-width: 1263px) 50vw, 570px');
    const second = screen.getByRole('img', { name: 'Trail Runner, photo 2', hidden: true });
    expect(second).toHaveAttribute('src', '/media/g1');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('averages the reviews to one decimal', async () => {
    api();
    renderApp('/product/p-trail');
    expect(await screen.findByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('Given by 2 customers')).toBeInTheDocument();
    expect(screen.getByText('Meera')).toBeInTheDocument();
  });

  it('shows 5.0 before any reviews', async () => {
    api({ 'GET /product/reviews/p-trail': { body: { success: true, reviews: [] } } });
    renderApp('/product/p-trail');
    expect(await screen.findByText('5.0')).toBeInTheDocument();
    expect(screen.getByText('Given by 0 customers')).toBeInTheDocument();
  });

  it('asks visitors to log in before adding to the cart or reviewing', async () => {
    api();
    const { user } = renderApp('/product/p-trail');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Login to Add to Cart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Login to Add a Review')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it('adds the chosen variant to the cart', async () => {
    api();
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user } = renderApp('/product/p-trail');
    await user.click(await screen.findByRole('radio', { name: 'UK 8' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findAllByText('Item added to Cart')).not.toHaveLength(0);
    expect(useCartStore.getState().lines.map((l) => [l._id, l.productno, l.quantity])).toEqual([['p-trail', 1, 2]]);
    expect(screen.getByRole('link', { name: 'Cart (1)' })).toBeInTheDocument();
  });

  it('checks delivery for a pincode', async () => {
    api();
    const { user } = renderApp('/product/p-trail');
    const input = await screen.findByLabelText('Pincode');
    await user.type(input, '4920');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter a valid 6-digit Pincode')).toBeInTheDocument();
    await user.type(input, '01');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery available at this pincode')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '110001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery unavailable')).toBeInTheDocument();
  });

  it('says `Delivery by Thu, 3 Dec` under a served pincode, from the estimate', async () => {
    api({
      'GET /delivery/:pin': (req: MockRequest) =>
        req.path.endsWith('492001')
          ? {
              body: {
                success: true,
                deliverable: true,
                message: 'Delivery available at this pincode',
                estimate: { from: '2026-11-30', to: '2026-12-03', source: 'table' },
              },
            }
          : { body: { success: true, deliverable: false, message: 'Delivery unavailable', estimate: null } },
    });
    const { user } = renderApp('/product/p-trail');
    const input = await screen.findByLabelText('Pincode');
    await user.type(input, '492001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const by = await screen.findByText('Delivery by Thu, 3 Dec');
    expect(by.closest('[role="status"]')).toHaveTextContent('Delivery available at this pincodeDelivery by Thu, 3 Dec');
    await user.clear(input);
    expect(screen.queryByText('Delivery by Thu, 3 Dec')).not.toBeInTheDocument();
    await user.type(input, '110001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery unavailable')).toBeInTheDocument();
    expect(screen.queryByText(/^Delivery by/)).not.toBeInTheDocument();
  });

  it('posts a review with the chosen rating', async () => {
    const posted: unknown[] = [];
    api({
      'POST /review/add-review/p-trail': (req: MockRequest) => {
        posted.push(req.body);
        return { status: 201, body: { success: true, message: 'Review added successfully', review: {} } };
      },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user } = renderApp('/product/p-trail');
    await user.type(await screen.findByLabelText('Your review'), 'Light and comfy');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review added successfully')).toBeInTheDocument();
    expect(posted).toEqual([{ comment: 'Light and comfy', rating: 3 }]);
  });
});

describe('product page with stock per size', () => {
  const sized = { ...shoe, stock: [0, 2], quantity: 2 };
  const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });

  it('marks a sold-out size, will not add it, and stops at what a size holds', async () => {
    api({ 'GET /product/get-product/p-trail': { body: { success: true, product: sized } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user } = renderApp('/product/p-trail');
    // The first size in stock is the one chosen.
    expect(await screen.findByRole('radio', { name: 'UK 8' })).toBeChecked();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'UK 7 Sold out' }));
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('Sold out');
    await user.click(add);
    expect(await toast('Sold out')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'UK 8' }));
    expect(add).not.toHaveAttribute('aria-disabled');
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(await toast('Only 2 left')).toBeInTheDocument();
    expect(useCartStore.getState().lines.map((l) => [l.productno, l.quantity])).toEqual([[1, 2]]);
  });

  it('keeps a pooled product as before: out of stock when the pool is empty', async () => {
    api({ 'GET /product/get-product/p-trail': { body: { success: true, product: { ...shoe, quantity: 0 } } } });
    renderApp('/product/p-trail');
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'UK 7' })).toBeChecked();
  });
});

describe('product page with colours (decisions D44)', () => {
  // Black: a photo, UK 7 sold out; Tan: a photo and hex, UK 8 sold out; Olive: a hex, no photo;
  // Sand: nothing but its name, all sold out.
  const knit = productFixture({
    _id: 'p-knit',
    name: 'Monsoon Knit Slip-On',
    colors: [
      { name: 'Black', hex: '#111111', photos: ['/api/v1/media/black-1', '/api/v1/media/black-2'] },
      { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/tan-1'] },
      { name: 'Olive', hex: '#556B2F', photos: [] },
      { name: 'Sand', hex: null, photos: [] },
    ],
    color: ['Black', 'Black', 'Tan', 'Tan', 'Olive', 'Sand'],
    type: ['UK 7', 'UK 8', 'UK 7', 'UK 8', 'UK 9', 'UK 8'],
    price: [2000, 2000, 2400, 2400, 2000, 2000],
    discount: [0, 0, 0, 0, 0, 0],
    stock: [0, 3, 4, 0, 2, 0],
    quantity: 9,
    otherphoto: ['/media/g1'],
  });
  const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });
  const colourApi = () =>
    api({
      'GET /product/get-product/p-knit': { body: { success: true, product: knit } },
      'GET /product/reviews/p-knit': { body: { success: true, reviews: [] } },
    });
  const galleryPhotos = () =>
    screen.getAllByRole('img', { hidden: true }).flatMap((img) => (img.closest('.gallery-stage') ? [img] : []));

  it('draws a swatch per colour, named as the colour: its photo, else its hex, else its name', async () => {
    colourApi();
    renderApp('/product/p-knit');
    const group = await screen.findByRole('group', { name: 'Colour: Black' });
    expect(screen.getAllByRole('radio', { name: /^(Black|Tan|Olive|Sand)$/ })).toHaveLength(4);
    const face = (name: string) => screen.getByRole('radio', { name }).nextElementSibling as HTMLElement;
    expect(face('Black').querySelector('img')).toHaveAttribute('src', '/api/v1/media/black-1');
    expect(face('Tan').querySelector('img')).toHaveAttribute('src', '/api/v1/media/tan-1');
    expect(face('Olive').querySelector('img')).toBeNull();
    expect(face('Olive')).toHaveStyle({ backgroundColor: '#556B2F' });
    expect(face('Sand')).toHaveTextContent('Sand');
    // Above the sizes.
    const sizes = screen.getByRole('group', { name: 'Type' });
    expect(group.compareDocumentPosition(sizes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the first colour in stock, and picking Tan shows Tan's photos and sizes, ?color=Tan replaced", async () => {
    colourApi();
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user, router } = renderApp('/product/p-knit');
    expect(await screen.findByRole('radio', { name: 'Black' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'UK 8' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'UK 7 Sold out' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /UK 9/ })).not.toBeInTheDocument();
    expect(galleryPhotos().map((img) => img.getAttribute('src'))).toEqual([
      '/api/v1/media/black-1',
      '/api/v1/media/black-2',
    ]);
    expect(screen.getByRole('img', { name: 'Monsoon Knit Slip-On, Black' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Tan' }));
    expect(screen.getByRole('radio', { name: 'Tan' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Colour: Tan' })).toBeInTheDocument();
    expect(galleryPhotos().map((img) => img.getAttribute('src'))).toEqual(['/api/v1/media/tan-1']);
    expect(screen.getByRole('img', { name: 'Monsoon Knit Slip-On, Tan' })).toBeInTheDocument();
    expect(screen.getByText('₹2,400')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?color=Tan');
    expect(router.state.historyAction).toBe('REPLACE');

    // The same size, UK 8, is sold out in Tan: greyed, marked, and not added.
    const soldOut = screen.getByRole('radio', { name: 'UK 8 Sold out' });
    expect(soldOut).toBeChecked();
    expect(soldOut.closest('label')).toHaveClass('is-sold-out');
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    expect(await toast('Sold out')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'UK 7' }));
    await user.click(add);
    expect(await toast('Item added to Cart')).toBeInTheDocument();
    // Tan, UK 7 is the product's third variant.
    expect(useCartStore.getState().lines.map((l) => [l._id, l.productno, l.quantity])).toEqual([['p-knit', 2, 1]]);
  });

  it('reads ?color= ignoring case and adds that colour', async () => {
    colourApi();
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user, router } = renderApp('/product/p-knit?color=black');
    expect(await screen.findByRole('radio', { name: 'Black' })).toBeChecked();
    expect(router.state.location.search).toBe('?color=black');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await toast('Item added to Cart')).toBeInTheDocument();
    expect(useCartStore.getState().lines.map((l) => [l.productno, l.quantity])).toEqual([[1, 1]]);
  });

  it("shows the product's photos for a colour without any, and the first colour in stock for an unknown one", async () => {
    colourApi();
    const { user } = renderApp('/product/p-knit?color=Purple');
    expect(await screen.findByRole('radio', { name: 'Black' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Olive' }));
    expect(screen.getByRole('radio', { name: 'UK 9' })).toBeChecked();
    expect(galleryPhotos().map((img) => img.getAttribute('alt'))).toEqual([
      'Monsoon Knit Slip-On',
      'Monsoon Knit Slip-On, photo 2',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Sand' }));
    expect(screen.getByRole('radio', { name: 'UK 8 Sold out' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows no swatches for a product without colours', async () => {
    api();
    renderApp('/product/p-trail');
    expect(await screen.findByRole('radio', { name: 'UK 7' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Colour/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2 + 5); // the sizes and the review's stars
  });
});

describe('product page: fit advice (decisions D38)', () => {
  const chart = [
    { size: 'UK 7', footCm: 25.4 },
    { size: 'UK 8', footCm: 26.2 },
    { size: 'UK 9', footCm: 27.1 },
  ];

  it('says a product runs small, and Find my size shows the size the server suggests', async () => {
    const { calls } = api({
      'GET /product/get-product/p-trail': {
        body: { success: true, product: { ...shoe, fit: 'small', sizeChart: chart } },
      },
      'GET /product/find-size/p-trail': { body: { success: true, size: 'UK 9', fit: 'small' } },
    });
    const { user } = renderApp('/product/p-trail');
    expect(
      await screen.findByText('Runs small: most shoppers who returned it found it too small. Consider one size up.'),
    ).toBeInTheDocument();
    // A foot between UK 7 and UK 8.
    await user.type(screen.getByLabelText('Foot length (cm)'), '25.8');
    await user.click(screen.getByRole('button', { name: 'Find my size' }));
    expect(await screen.findByText('Your size: UK 9 (one size up: it runs small)')).toBeInTheDocument();
    const asked = calls.find((c) => c.path === '/product/find-size/p-trail');
    expect(asked?.query.get('footCm')).toBe('25.8');
    expect(screen.getByRole('row', { name: 'UK 8 26.2 cm' })).toBeInTheDocument();
  });

  it('says a product runs large, and shows the server’s refusal of a foot length', async () => {
    api({
      'GET /product/get-product/p-trail': {
        body: { success: true, product: { ...shoe, fit: 'large', sizeChart: chart } },
      },
      'GET /product/find-size/p-trail': {
        status: 400,
        body: { success: false, message: 'Enter your foot length in cm, from 10 to 40' },
      },
    });
    const { user } = renderApp('/product/p-trail');
    expect(
      await screen.findByText('Runs large: most shoppers who returned it found it too big. Consider one size down.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Foot length (cm)'), '45');
    await user.click(screen.getByRole('button', { name: 'Find my size' }));
    expect(await screen.findByText('Enter your foot length in cm, from 10 to 40')).toBeInTheDocument();
  });

  it('says nothing of fit and offers no Find my size without advice or chart', async () => {
    api({
      'GET /product/get-product/p-trail': { body: { success: true, product: { ...shoe, fit: null, sizeChart: null } } },
    });
    renderApp('/product/p-trail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trail Runner' })).toBeInTheDocument();
    expect(screen.queryByText(/^Runs (small|large)/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find my size' })).not.toBeInTheDocument();
  });
});
