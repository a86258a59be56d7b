import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useCouponStore } from '@/features/checkout/stores/coupon-store';
import { productFixture, sessionFor, shopper, statesFixture } from '@/testing/data';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { DELIVERABLE_PINCODES, deliveryRoutes } from '@/testing/order-server';
import { renderApp } from '@/testing/render-app';

const runner = productFixture({
  _id: 'p1',
  name: 'Trail Runner',
  type: ['UK 7', 'UK 8'],
  price: [1299, 799],
  discount: [10, 15],
});

function api(extra = {}) {
  return mockApi({
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    'GET /auth/user-auth': { body: { ok: true } },
    'GET /product/get-product/p1': { body: { success: true, product: runner } },
    'GET /delivery/states': { body: { success: true, states: statesFixture } },
    // A pincode check that names no state (`deliveryRoutes` names them).
    'GET /delivery/:pincode': (req: MockRequest) =>
      req.path.endsWith('492001')
        ? { body: { success: true, deliverable: true, message: 'Delivery available at this pincode' } }
        : { body: { success: true, deliverable: false, message: 'Delivery unavailable' } },
    ...extra,
  });
}

async function openCart() {
  useAuthStore.getState().setSession(sessionFor(shopper));
  useCartStore.getState().add(runner, 0);
  useCartStore.getState().add(runner, 1);
  useCartStore.getState().increment('p1', 1);
  useCartStore.getState().increment('p1', 1);
  const view = renderApp('/user/cart');
  await screen.findByRole('heading', { name: 'Shopping Cart' }, { timeout: 3500 });
  return view;
}

const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });

describe('cart page', () => {
  it('lists each line with its variant, discounted price, quantity and line total, and the total', async () => {
    api();
    await openCart();
    expect(screen.getByText('4 items')).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('UK 7')).toBeInTheDocument();
    // Unit price and line total are the same at quantity 1.
    expect(within(lines[0]!).getAllByText('₹1,169.10')).toHaveLength(2);
    expect(within(lines[1]!).getByText('UK 8')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('₹679.15')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('3')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('₹2,037.45')).toBeInTheDocument();
    // 1169.10 + 2037.45 = 3206.55, cut to whole rupees.
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹3,206');
  });

  it('names a coloured line by its colour and size, one line a colour', async () => {
    const knit = productFixture({
      _id: 'p1',
      name: 'Monsoon Knit Slip-On',
      type: ['UK 8', 'UK 8'],
      colors: [
        { name: 'Tan', hex: '#c19a6b', photos: [] },
        { name: 'Black', hex: '#000000', photos: [] },
      ],
      color: ['Tan', 'Black'],
      price: [2400, 2400],
      discount: [0, 0],
    });
    api({ 'GET /product/get-product/p1': { body: { success: true, product: knit } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    useCartStore.getState().add(knit, 0);
    useCartStore.getState().add(knit, 1);
    renderApp('/user/cart');
    const list = await screen.findByRole('list', { name: 'Cart items' }, { timeout: 3500 });
    const lines = within(list).getAllByRole('listitem');
    expect(within(lines[0]!).getByText('Tan, UK 8')).toBeInTheDocument();
    expect(within(lines[1]!).getByText('Black, UK 8')).toBeInTheDocument();
    expect(
      within(lines[1]!).getByRole('group', { name: 'Quantity of Monsoon Knit Slip-On, Black, UK 8' }),
    ).toBeInTheDocument();
  });

  it("follows each product's current price, reading the cart's products one by one, not the catalog", async () => {
    const { calls } = api({
      'GET /product/get-product/p1': {
        body: { success: true, product: { ...runner, price: [1499, 799], salePrice: [1349.1, 679.15] } },
      },
    });
    await openCart();
    const first = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')[0]!;
    // 1499 less 10% is 1349.10, no longer the 1169.10 the cart was filled at.
    await waitFor(() => expect(within(first()).getAllByText('₹1,349.10')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/product/get-product/p1')).toHaveLength(1);
    expect(calls.some((c) => c.path === '/product/get-products')).toBe(false);
  });

  it('removes a line with minus at 1', async () => {
    api();
    const { user } = await openCart();
    const first = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Decrease quantity' }));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Cart (1)' })).toBeInTheDocument();
  });

  it("stops plus at a size's stock, with 'Only N left'", async () => {
    api({
      'GET /product/get-product/p1': { body: { success: true, product: { ...runner, stock: [1, 4], quantity: 5 } } },
    });
    const { user } = await openCart();
    const [first, second] = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    await user.click(within(second!).getByRole('button', { name: 'Increase quantity' }));
    expect(within(second!).getByRole('status')).toHaveTextContent('4');
    await user.click(within(second!).getByRole('button', { name: 'Increase quantity' }));
    expect(await toast('Only 4 left')).toBeInTheDocument();
    expect(within(second!).getByRole('status')).toHaveTextContent('4');

    await user.click(within(first!).getByRole('button', { name: 'Increase quantity' }));
    expect(await toast('Only 1 left')).toBeInTheDocument();
    expect(useCartStore.getState().lines.map((l) => l.quantity)).toEqual([1, 4]);
  });

  it("stops plus at a size's stock as the line last saw it while the product cannot be read", async () => {
    api({ 'GET /product/get-product/p1': { status: 503, body: { success: false, message: 'Busy' } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    useCartStore.getState().add({ ...runner, stock: [1, 4], quantity: 5 }, 0);
    const { user } = renderApp('/user/cart');
    await screen.findByRole('heading', { name: 'Shopping Cart' }, { timeout: 3500 });
    const [first] = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    await user.click(within(first!).getByRole('button', { name: 'Increase quantity' }));
    expect(await toast('Only 1 left')).toBeInTheDocument();
    expect(useCartStore.getState().lines.map((l) => l.quantity)).toEqual([1]);
  });

  it("shares a pooled product's stock between its lines", async () => {
    api({ 'GET /product/get-product/p1': { body: { success: true, product: { ...runner, quantity: 5 } } } });
    const { user } = await openCart();
    const [first] = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    // 3 of the pool's 5 are on the other line.
    await user.click(within(first!).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(first!).getByRole('button', { name: 'Increase quantity' }));
    expect(await toast('Only 5 left')).toBeInTheDocument();
    expect(useCartStore.getState().lines.map((l) => l.quantity)).toEqual([2, 3]);
  });

  it('validates pincode, delivery, then address before paying', async () => {
    const { calls } = api();
    const { user } = await openCart();
    const place = screen.getByRole('button', { name: 'Place Order' });
    await user.click(place);
    expect(await screen.findByText('Enter a valid 6-digit Pincode')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pincode'), '110001');
    await user.click(place);
    expect(await screen.findByText('Delivery not available at this address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Pincode'));
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(place);
    expect(await screen.findByText('Please enter your address')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/payment'))).toBe(false);
  });

  it('pays in the sandbox window and places the order', async () => {
    const placed: unknown[] = [];
    const paid: unknown[] = [];
    api({
      'POST /payment/:amount': (req: MockRequest) => {
        paid.push({ path: req.path, body: req.body });
        return {
          body: { success: true, id: 'order_sbx', amount: 320600, currency: 'INR', key: 'k', provider: 'sandbox' },
        };
      },
      'POST /order/cart': (req: MockRequest) => {
        placed.push(req.body);
        return { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } };
      },
    });
    const popup = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      setTimeout(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: {
              type: 'paduka:sandbox-payment',
              razorpay_order_id: 'order_sbx',
              razorpay_payment_id: 'pay_sbx',
              razorpay_signature: 'sig',
            },
          }),
        );
      }, 10);
      return popup;
    });
    const { user } = await openCart();
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    const products = [
      { _id: 'p1', productno: 0, quantity: 1 },
      { _id: 'p1', productno: 1, quantity: 3 },
    ];
    expect(paid).toEqual([
      { path: '/payment/3206', body: { products, address: '12 MG Road, Raipur', pincode: '492001' } },
    ]);
    expect(open).toHaveBeenCalledWith(
      '/sandbox/checkout?order_id=order_sbx&amount=320600',
      'paduka-sandbox',
      'width=500,height=400',
    );
    expect(placed).toEqual([
      {
        products,
        address: '12 MG Road, Raipur',
        pincode: '492001',
        amount: 3206,
        paymentId: 'pay_sbx',
        orderId: 'order_sbx',
        signature: 'sig',
      },
    ]);
    expect(useCartStore.getState().lines).toEqual([]);
    expect(window.localStorage.getItem('cart')).toBe('[]');
    await waitFor(() => expect(screen.getByLabelText('Pincode')).toHaveValue(null));
    expect(screen.getByLabelText('Shipping Address')).toHaveValue('');
  });

  it("says 'Payment cancelled.' when the sandbox is cancelled", async () => {
    api({
      'POST /payment/:amount': {
        body: { success: true, id: 'o', amount: 320600, currency: 'INR', key: 'k', provider: 'sandbox' },
      },
    });
    vi.spyOn(window, 'open').mockImplementation(() => {
      setTimeout(() => {
        window.dispatchEvent(
          new MessageEvent('message', { origin: window.location.origin, data: { type: 'paduka:sandbox-cancel' } }),
        );
      }, 10);
      return { closed: false } as Window;
    });
    const { user } = await openCart();
    await user.type(screen.getByLabelText('Shipping Address'), 'Somewhere');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Payment cancelled.')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toHaveLength(2);
  });
});

/** `POST /coupon/apply` as the server answers it, for the runner's prices (decisions D7). */
function couponRoute(applied: unknown[]) {
  return (req: MockRequest) => {
    const { code, products } = req.body as { code: string; products: { productno: number; quantity: number }[] };
    applied.push(req.body);
    const centi = products.reduce(
      (sum, l) => sum + runner.price[l.productno]! * (100 - runner.discount[l.productno]!) * l.quantity,
      0,
    );
    const subtotal = Math.floor(centi / 100);
    const upper = code.toUpperCase();
    if (upper === 'BIG' && subtotal < 3000) {
      return { status: 400, body: { success: false, message: 'Minimum order for this coupon is ₹3,000' } };
    }
    if (upper !== 'WELCOME10' && upper !== 'BIG') {
      return { status: 400, body: { success: false, message: 'Invalid or expired coupon' } };
    }
    const discount = Math.floor((subtotal * 10) / 100);
    return { body: { success: true, code: upper, subtotal, discount, amount: subtotal - discount } };
  };
}

describe('cart coupon', () => {
  const couponBox = () => screen.getByRole('region', { name: 'Coupon' });
  const total = () => screen.getByText('Total').nextSibling;

  it('applies a code, shows the saving and the new total, follows cart changes and is removed', async () => {
    const applied: unknown[] = [];
    api({ 'POST /coupon/apply': couponRoute(applied) });
    const { user } = await openCart();
    const box = couponBox();
    expect(within(box).getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.type(within(box).getByPlaceholderText('Coupon code'), 'old');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect(await toast('Invalid or expired coupon')).toBeInTheDocument();
    expect(within(box).getByLabelText('Coupon code')).toHaveValue('old');
    expect(total()).toHaveTextContent('₹3,206');

    await user.clear(within(box).getByLabelText('Coupon code'));
    await user.type(within(box).getByLabelText('Coupon code'), 'welcome10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect(await within(box).findByText(/applied: you save/)).toHaveTextContent('WELCOME10 applied: you save ₹320');
    expect(within(box).getByText('You pay ₹2,886')).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('₹3,206');
    expect(screen.getByText('Coupon WELCOME10').nextSibling).toHaveTextContent('−₹320');
    expect(total()).toHaveTextContent('₹2,886');
    expect(applied[1]).toEqual({
      code: 'welcome10',
      products: [
        { _id: 'p1', productno: 0, quantity: 1 },
        { _id: 'p1', productno: 1, quantity: 3 },
      ],
    });

    // One more of the first line: asked again, for the new cart.
    const first = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Increase quantity' }));
    expect(await within(box).findByText('You pay ₹3,938')).toBeInTheDocument();
    expect(applied.at(-1)).toMatchObject({ code: 'WELCOME10', products: [{ quantity: 2 }, { quantity: 3 }] });
    expect(total()).toHaveTextContent('₹3,938');

    await user.click(within(box).getByRole('button', { name: 'Remove' }));
    expect(within(box).getByLabelText('Coupon code')).toHaveValue('');
    expect(screen.queryByText('Subtotal')).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('₹4,375');
  });

  it("drops the coupon with the server's reason when the cart no longer qualifies", async () => {
    api({ 'POST /coupon/apply': couponRoute([]) });
    const { user } = await openCart();
    await user.type(within(couponBox()).getByLabelText('Coupon code'), 'BIG');
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));
    expect(await within(couponBox()).findByText('You pay ₹2,886')).toBeInTheDocument();

    const second = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Decrease quantity' }));
    expect(await toast('Minimum order for this coupon is ₹3,000')).toBeInTheDocument();
    expect(within(couponBox()).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.queryByText('Coupon BIG')).not.toBeInTheDocument();
    // 1169.10 + 2 x 679.15, cut to whole rupees.
    expect(total()).toHaveTextContent('₹2,527');
  });

  it('pays the amount after the coupon and sends the code with the payment and the order', async () => {
    const paid: unknown[] = [];
    const placed: unknown[] = [];
    api({
      'POST /coupon/apply': couponRoute([]),
      'POST /payment/:amount': (req: MockRequest) => {
        paid.push({ path: req.path, body: req.body });
        return {
          body: { success: true, id: 'order_sbx', amount: 288600, currency: 'INR', key: 'k', provider: 'sandbox' },
        };
      },
      'POST /order/cart': (req: MockRequest) => {
        placed.push(req.body);
        return { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } };
      },
    });
    vi.spyOn(window, 'open').mockImplementation(() => {
      setTimeout(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: {
              type: 'paduka:sandbox-payment',
              razorpay_order_id: 'order_sbx',
              razorpay_payment_id: 'pay_sbx',
              razorpay_signature: 'sig',
            },
          }),
        );
      }, 10);
      return { closed: false } as Window;
    });
    const { user } = await openCart();
    await user.type(within(couponBox()).getByLabelText('Coupon code'), 'welcome10');
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));
    await within(couponBox()).findByText('You pay ₹2,886');
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    const products = [
      { _id: 'p1', productno: 0, quantity: 1 },
      { _id: 'p1', productno: 1, quantity: 3 },
    ];
    expect(paid).toEqual([
      {
        path: '/payment/2886',
        body: { products, address: '12 MG Road, Raipur', pincode: '492001', coupon: 'WELCOME10' },
      },
    ]);
    expect(placed).toEqual([
      {
        products,
        address: '12 MG Road, Raipur',
        pincode: '492001',
        amount: 2886,
        paymentId: 'pay_sbx',
        orderId: 'order_sbx',
        signature: 'sig',
        coupon: 'WELCOME10',
      },
    ]);
    expect(useCartStore.getState().lines).toEqual([]);
    expect(useCouponStore.getState().applied).toBeNull();
    expect(screen.queryByRole('region', { name: 'Coupon' })).not.toBeInTheDocument();
  });
});

describe('cart: Delivery by', () => {
  it('says `Delivery by Thu, 3 Dec` under a served pincode once it is typed, and nothing for another', async () => {
    const { calls } = api(
      deliveryRoutes(DELIVERABLE_PINCODES, { from: '2026-11-30', to: '2026-12-03', source: 'courier' }),
    );
    const { user } = await openCart();
    const pincode = screen.getByLabelText('Pincode');
    await user.type(pincode, '49200');
    expect(screen.queryByText(/^Delivery by/)).not.toBeInTheDocument();
    await user.type(pincode, '1');
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    // It describes the pincode field.
    expect(pincode).toHaveAccessibleDescription('Delivery by Thu, 3 Dec');
    await user.clear(pincode);
    await user.type(pincode, '110001');
    await waitFor(() => expect(calls.some((c) => c.path === '/delivery/110001')).toBe(true));
    expect(screen.queryByText(/^Delivery by/)).not.toBeInTheDocument();
    // One check per pincode, shared with the State select.
    expect(calls.filter((c) => c.path === '/delivery/492001')).toHaveLength(1);
  });
});

describe('cash on delivery', () => {
  const products = [
    { _id: 'p1', productno: 0, quantity: 1 },
    { _id: 'p1', productno: 1, quantity: 3 },
  ];
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  async function chooseCodAndPlace(user: Awaited<ReturnType<typeof openCart>>['user']) {
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
  }

  it('offers Pay online (chosen) and Cash on Delivery, and places the order without paying', async () => {
    const { calls } = api({
      'POST /order/cod': {
        status: 201,
        body: { success: true, message: 'Order Placed Successfully', order: { _id: 'o9' } },
      },
    });
    const open = vi.spyOn(window, 'open');
    const { user } = await openCart();
    const choice = screen.getByRole('radiogroup', { name: 'Payment method' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['online', 'cod']);
    expect(within(choice).getByRole('radio', { name: 'Pay online' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'Cash on Delivery' })).not.toBeChecked();

    await chooseCodAndPlace(user);
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    const cod = calls.filter((c) => c.path === '/order/cod');
    expect(cod).toHaveLength(1);
    expect(cod[0]!.method).toBe('POST');
    expect(cod[0]!.body).toEqual({ products, address: '12 MG Road, Raipur', pincode: '492001', amount: 3206 });
    expect(cod[0]!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(cod[0]!.headers.get('Authorization')).toBe('token-u1');
    expect(calls.some((c) => c.path.startsWith('/payment') || c.path === '/order/cart')).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();

    expect(useCartStore.getState().lines).toEqual([]);
    expect(window.localStorage.getItem('cart')).toBe('[]');
    await waitFor(() => expect(screen.getByLabelText('Pincode')).toHaveValue(null));
    expect(screen.getByLabelText('Shipping Address')).toHaveValue('');
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it("offers no Cash on Delivery where the server's pincode check says `cod: false`, and says so", async () => {
    const { calls } = api({
      ...deliveryRoutes(DELIVERABLE_PINCODES, undefined, ['492001']),
      'POST /order/cod': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    const choice = screen.getByRole('radiogroup', { name: 'Payment method' });
    await user.click(within(choice).getByRole('radio', { name: 'Cash on Delivery' }));
    const pincode = screen.getByLabelText('Pincode');
    await user.type(pincode, '492001');
    expect(
      await within(choice).findByText("Cash on delivery isn't available for 492001. Pay online instead."),
    ).toBeInTheDocument();
    expect(within(choice).queryByRole('radio', { name: 'Cash on Delivery' })).not.toBeInTheDocument();
    expect(within(choice).getByRole('radio', { name: 'Pay online' })).toBeChecked();
    expect(screen.getByText('Prices include all taxes. You pay in a secure window.')).toBeInTheDocument();

    // Another pincode whose area has it: offered again, as the shopper left it.
    await user.clear(pincode);
    await user.type(pincode, '492010');
    expect(await within(choice).findByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    expect(within(choice).queryByText(/Cash on delivery isn't available/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).toMatchObject({ pincode: '492010' });
  });

  it('validates like paying online before asking the server', async () => {
    const { calls } = api();
    const { user } = await openCart();
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Enter a valid 6-digit Pincode')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Please enter your address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/order/cod')).toBe(false);
  });

  it("toasts the server's refusal and keeps the cart", async () => {
    api({
      'POST /order/cod': {
        status: 400,
        body: { success: false, message: 'Cash on delivery is not available for this order' },
      },
    });
    const { user } = await openCart();
    await chooseCodAndPlace(user);
    expect(await toast('Cash on delivery is not available for this order')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toHaveLength(2);
    expect(screen.getByLabelText('Pincode')).toHaveValue(492001);
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  });

  it('retries a lost answer with the same Idempotency-Key, and a new order gets a new one', async () => {
    let replies = ['lost', 'placed', 'refused'];
    const { calls } = api({
      'POST /order/cod': () => {
        const next = replies[0];
        replies = replies.slice(1);
        if (next === 'lost') throw new TypeError('Failed to fetch');
        if (next === 'refused') {
          return { status: 409, body: { success: false, message: 'Too many unpaid cash on delivery orders' } };
        }
        return { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } };
      },
    });
    const { user } = await openCart();
    await chooseCodAndPlace(user);
    expect(await toast('Cannot place order')).toBeInTheDocument();
    expect(useCartStore.getState().lines).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();

    useCartStore.getState().add(runner, 0);
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Too many unpaid cash on delivery orders')).toBeInTheDocument();

    const keys = calls.filter((c) => c.path === '/order/cod').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('collects the amount after the coupon and names the coupon', async () => {
    const { calls } = api({
      'POST /coupon/apply': couponRoute([]),
      'POST /order/cod': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    const box = screen.getByRole('region', { name: 'Coupon' });
    await user.type(within(box).getByLabelText('Coupon code'), 'welcome10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    await within(box).findByText('You pay ₹2,886');
    await chooseCodAndPlace(user);
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).toEqual({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 2886,
      coupon: 'WELCOME10',
    });
    expect(useCouponStore.getState().applied).toBeNull();
  });
});

describe('pay online and save', () => {
  const products = [
    { _id: 'p1', productno: 0, quantity: 1 },
    { _id: 'p1', productno: 1, quantity: 3 },
  ];
  // The server's price of the ₹3,206 cart: 5 % off online (₹160), ₹49 more in cash.
  const quote = {
    success: true,
    subtotal: 3206,
    discount: 0,
    prepaidDiscount: 160,
    onlineAmount: 3046,
    codFee: 49,
    codAmount: 3255,
  };

  it("shows the server's saving and amount online, and its charge and amount for cash, and sends them", async () => {
    const { calls } = api({
      'POST /cart/quote': { body: quote },
      'POST /order/cod': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    expect(await screen.findByText('Pay online and save ₹160')).toBeInTheDocument();
    expect(screen.getByText('Paid online').nextSibling).toHaveTextContent('−₹160');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹3,046');
    expect(calls.find((c) => c.path === '/cart/quote')?.body).toEqual({ products });

    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    expect(screen.getByText('Cash on delivery charge').nextSibling).toHaveTextContent('₹49');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹3,255');
    expect(screen.queryByText('Paid online')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).toEqual({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 3255,
    });
  });

  it('offers no saving when the server gives none', async () => {
    api({
      'POST /cart/quote': { body: { ...quote, prepaidDiscount: 0, onlineAmount: 3206, codFee: 0, codAmount: 3206 } },
    });
    await openCart();
    await waitFor(() => expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹3,206'));
    expect(screen.queryByText(/Pay online and save/)).not.toBeInTheDocument();
    expect(screen.queryByText('Paid online')).not.toBeInTheDocument();
  });
});

describe('place of supply', () => {
  const products = [
    { _id: 'p1', productno: 0, quantity: 1 },
    { _id: 'p1', productno: 1, quantity: 3 },
  ];
  const stateSelect = () => screen.getByRole('combobox', { name: 'State' });
  // Mumbai (Maharashtra) delivers too here.
  const served = [...DELIVERABLE_PINCODES, '400001'];

  function sandboxPays() {
    vi.spyOn(window, 'open').mockImplementation(() => {
      setTimeout(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: {
              type: 'paduka:sandbox-payment',
              razorpay_order_id: 'order_sbx',
              razorpay_payment_id: 'pay_sbx',
              razorpay_signature: 'sig',
            },
          }),
        );
      }, 10);
      return { closed: false } as Window;
    });
  }

  it('offers every state from the server under a State label, read once', async () => {
    const { calls } = api(deliveryRoutes(served));
    await openCart();
    const select = stateSelect();
    expect(select.tagName).toBe('SELECT');
    expect(screen.getByText('State', { selector: 'label' })).toHaveAttribute('for', select.id);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(38));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select state', ...statesFixture.map((s) => s.name)]);
    expect(select).toHaveDisplayValue('Select state');
    expect(calls.filter((c) => c.path === '/delivery/states')).toHaveLength(1);
  });

  it("pre-fills the pincode's state, and follows the pincode until a state is picked by hand", async () => {
    api(deliveryRoutes(served));
    const { user } = await openCart();
    const pincode = screen.getByLabelText('Pincode');
    await user.type(pincode, '400001');
    await waitFor(() => expect(stateSelect()).toHaveDisplayValue('Maharashtra'));

    // Another pincode, another state.
    await user.clear(pincode);
    expect(stateSelect()).toHaveDisplayValue('Select state');
    await user.type(pincode, '560001');
    await waitFor(() => expect(stateSelect()).toHaveDisplayValue('Karnataka'));
  });

  it('keeps a state picked by hand whatever pincode comes after, and sends it', async () => {
    const { calls } = api({
      ...deliveryRoutes(served),
      'POST /order/cod': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    const pincode = screen.getByLabelText('Pincode');
    await user.type(pincode, '400001');
    await waitFor(() => expect(stateSelect()).toHaveDisplayValue('Maharashtra'));
    await user.selectOptions(stateSelect(), 'Goa');

    await user.clear(pincode);
    await user.type(pincode, '492001');
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    // The checkout has asked about 492001 (Chhattisgarh) when it wants the address.
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Please enter your address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/delivery/492001')).toBe(true);
    expect(stateSelect()).toHaveDisplayValue('Goa');

    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).toEqual({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 3206,
      state: 'Goa',
    });
  });

  it('sends the state with a cash on delivery order, then starts afresh', async () => {
    const { calls } = api({
      ...deliveryRoutes(served),
      'POST /order/cod': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.type(screen.getByLabelText('Shipping Address'), '5 Marine Drive, Mumbai');
    await user.type(screen.getByLabelText('Pincode'), '400001');
    await waitFor(() => expect(stateSelect()).toHaveDisplayValue('Maharashtra'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).toEqual({
      products,
      address: '5 Marine Drive, Mumbai',
      pincode: '400001',
      amount: 3206,
      state: 'Maharashtra',
    });
    await waitFor(() => expect(screen.getByLabelText('Pincode')).toHaveValue(null));
    expect(stateSelect()).toHaveDisplayValue('Select state');
  });

  it('sends the state with the payment and with the paid order', async () => {
    sandboxPays();
    const { calls } = api({
      ...deliveryRoutes(served),
      'POST /payment/:amount': {
        body: { success: true, id: 'order_sbx', amount: 320600, currency: 'INR', key: 'k', provider: 'sandbox' },
      },
      'POST /order/cart': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    await user.type(screen.getByLabelText('Shipping Address'), '5 Marine Drive, Mumbai');
    await user.type(screen.getByLabelText('Pincode'), '400001');
    await waitFor(() => expect(stateSelect()).toHaveDisplayValue('Maharashtra'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    const payment = calls.filter((c) => c.path.startsWith('/payment/'));
    expect(payment.map((c) => c.path)).toEqual(['/payment/3206']);
    expect(payment[0]!.body).toEqual({
      products,
      address: '5 Marine Drive, Mumbai',
      pincode: '400001',
      state: 'Maharashtra',
    });
    expect(calls.find((c) => c.path === '/order/cart')?.body).toEqual({
      products,
      address: '5 Marine Drive, Mumbai',
      pincode: '400001',
      amount: 3206,
      paymentId: 'pay_sbx',
      orderId: 'order_sbx',
      signature: 'sig',
      state: 'Maharashtra',
    });
  });

  it('sends no state when none is known or chosen', async () => {
    const { calls } = api({
      'POST /order/cod': { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } },
    });
    const { user } = await openCart();
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    // This pincode check names no state.
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).not.toHaveProperty('state');
  });
});

describe('store credit', () => {
  const products = [
    { _id: 'p1', productno: 0, quantity: 1 },
    { _id: 'p1', productno: 1, quantity: 3 },
  ];
  const credit = (balance: number) => ({
    'GET /user/credit': {
      body: {
        success: true,
        balance,
        entries: balance > 0 ? [{ amount: balance, reason: 'Refund of a return', at: '2024-03-05T12:00:00Z' }] : [],
      },
    },
  });

  it('offers no box at a balance of 0', async () => {
    const { calls } = api(credit(0));
    await openCart();
    await waitFor(() => expect(calls.some((c) => c.path === '/user/credit')).toBe(true));
    expect(screen.queryByLabelText(/Use store credit/)).not.toBeInTheDocument();
  });

  it('shows what the credit pays (at most the total less ₹1) and what remains', async () => {
    api(credit(5000));
    const { user } = await openCart();
    const box = await screen.findByLabelText(/Use store credit/);
    // 3206 total: the credit pays 3205 of the 5000, ₹1 is paid another way.
    expect(box.closest('label')).toHaveTextContent('Use store credit (₹3,205 of your ₹5,000)');
    expect(box).not.toBeChecked();
    expect(screen.queryByText('To pay')).not.toBeInTheDocument();
    await user.click(box);
    expect(screen.getByText('Store credit').nextSibling).toHaveTextContent('−₹3,205');
    expect(screen.getByText('To pay').nextSibling).toHaveTextContent('₹1');
  });

  it('sends useCredit with the payment and the order, and opens the window for what the provider charges', async () => {
    const paid: unknown[] = [];
    const placed: unknown[] = [];
    const { calls } = api({
      ...credit(500),
      'POST /payment/:amount': (req: MockRequest) => {
        paid.push({ path: req.path, body: req.body });
        return {
          body: {
            success: true,
            id: 'order_sbx',
            amount: 270600,
            creditUsed: 500,
            currency: 'INR',
            key: 'k',
            provider: 'sandbox',
          },
        };
      },
      'POST /order/cart': (req: MockRequest) => {
        placed.push(req.body);
        return { status: 201, body: { success: true, message: 'Order Placed Successfully', order: {} } };
      },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      setTimeout(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: {
              type: 'paduka:sandbox-payment',
              razorpay_order_id: 'order_sbx',
              razorpay_payment_id: 'pay_sbx',
              razorpay_signature: 'sig',
            },
          }),
        );
      }, 10);
      return { closed: false } as Window;
    });
    const { user } = await openCart();
    await user.click(await screen.findByLabelText(/Use store credit/));
    expect(screen.getByText('To pay').nextSibling).toHaveTextContent('₹2,706');
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    const creditReads = calls.filter((c) => c.path === '/user/credit').length;
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    // `amount` stays the order's amount before credit.
    expect(paid).toEqual([
      {
        path: '/payment/3206',
        body: { products, address: '12 MG Road, Raipur', pincode: '492001', useCredit: true },
      },
    ]);
    expect(open).toHaveBeenCalledWith(
      '/sandbox/checkout?order_id=order_sbx&amount=270600',
      'paduka-sandbox',
      'width=500,height=400',
    );
    expect(placed).toEqual([
      {
        products,
        address: '12 MG Road, Raipur',
        pincode: '492001',
        amount: 3206,
        useCredit: true,
        paymentId: 'pay_sbx',
        orderId: 'order_sbx',
        signature: 'sig',
      },
    ]);
    // The balance is read again once the order is placed.
    await waitFor(() => expect(calls.filter((c) => c.path === '/user/credit').length).toBeGreaterThan(creditReads));
  });

  it('sends useCredit with a cash on delivery order only when the box is ticked', async () => {
    const { calls } = api({
      ...credit(500),
      'POST /order/cod': {
        status: 201,
        body: { success: true, message: 'Order Placed Successfully', order: { _id: 'o9' } },
      },
    });
    const { user } = await openCart();
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.click(await screen.findByLabelText(/Use store credit/));
    expect(screen.getByText('Store credit').nextSibling).toHaveTextContent('−₹500');
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).toEqual({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 3206,
      useCredit: true,
    });
  });

  it('sends no useCredit when the box is left alone', async () => {
    const { calls } = api({
      ...credit(500),
      'POST /order/cod': {
        status: 201,
        body: { success: true, message: 'Order Placed Successfully', order: { _id: 'o9' } },
      },
    });
    const { user } = await openCart();
    await screen.findByLabelText(/Use store credit/);
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/order/cod')?.body).not.toHaveProperty('useCredit');
  });
});

describe('WhatsApp updates', () => {
  const placedCod = {
    'POST /order/cod': {
      status: 201,
      body: { success: true, message: 'Order Placed Successfully', order: { _id: 'o9' } },
    },
  };

  async function placeCod(user: Awaited<ReturnType<typeof openCart>>['user']) {
    await user.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    await user.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Raipur');
    await user.type(screen.getByLabelText('Pincode'), '492001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await toast('Order Placed Successfully')).toBeInTheDocument();
  }

  it('is not ticked until the shopper ticks it, and sends no whatsapp then', async () => {
    const { calls } = api(placedCod);
    const { user } = await openCart();
    expect(screen.getByLabelText('Get order updates on WhatsApp')).not.toBeChecked();
    await placeCod(user);
    expect(calls.find((c) => c.path === '/order/cod')?.body).not.toHaveProperty('whatsapp');
  });

  it('sends whatsapp: true once ticked, and is ticked again on the next visit', async () => {
    const { calls } = api(placedCod);
    const { user, unmount } = await openCart();
    await user.click(screen.getByLabelText('Get order updates on WhatsApp'));
    await placeCod(user);
    expect(calls.find((c) => c.path === '/order/cod')?.body).toMatchObject({ whatsapp: true });
    unmount();
    await openCart();
    expect(screen.getByLabelText('Get order updates on WhatsApp')).toBeChecked();
  });

  it('stays unticked on the next visit when the shopper unticked it', async () => {
    window.localStorage.setItem('whatsappUpdates', '1');
    api(placedCod);
    const { user, unmount } = await openCart();
    const box = screen.getByLabelText('Get order updates on WhatsApp');
    expect(box).toBeChecked();
    await user.click(box);
    unmount();
    await openCart();
    expect(screen.getByLabelText('Get order updates on WhatsApp')).not.toBeChecked();
  });
});
