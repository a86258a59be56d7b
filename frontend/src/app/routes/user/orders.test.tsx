import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import {
  ALLOWED,
  actionsFixture,
  lockedActions,
  orderFixture,
  sessionFor,
  shipmentFixture,
  shopper,
} from '@/testing/data';
import { captureDownloads } from '@/testing/downloads';
import { fileReply, mockApi, type MockReply, type MockRequest } from '@/testing/mock-api';
import { INVOICE_PDF, invoiceRoute } from '@/testing/order-server';
import { renderApp } from '@/testing/render-app';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/user-auth': { body: { ok: true } },
};

/** An order card's facts as `term value` lines (`Total price ₹2,105`). */
const factsOf = (article: HTMLElement) =>
  within(article)
    .getAllByRole('term')
    .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);

describe('my orders', () => {
  it('says Paid by store credit ₹N on an order credit paid part of, and collects only the rest in cash', async () => {
    mockApi({
      ...base,
      'POST /order/myorders': {
        body: {
          success: true,
          orders: [
            orderFixture({ creditUsed: 500 }),
            orderFixture({
              _id: 'o2',
              paymentMethod: 'cod',
              paid: false,
              paymentId: '',
              creditUsed: 338,
              actions: actionsFixture({ markPaid: ALLOWED }),
            }),
            orderFixture({ _id: 'o3' }),
          ],
        },
      },
      'GET /return/mine': { body: { success: true, returns: [] } },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    expect(await screen.findByText('o1')).toBeInTheDocument();
    expect(screen.getByText('Paid by store credit ₹500')).toBeInTheDocument();
    expect(screen.getByText('Paid by store credit ₹338')).toBeInTheDocument();
    expect(screen.getAllByText(/^Paid by store credit/)).toHaveLength(2);
    expect(screen.getByText('Cash on Delivery · ₹2,000 to collect')).toBeInTheDocument();
  });

  it('shows each order and cancels one that is not delivered', async () => {
    let orders = [
      orderFixture(),
      orderFixture({ _id: 'o2', status: 'Delivered', paymentId: 'pay_456', actions: lockedActions('Order Delivered') }),
    ];
    const { calls } = mockApi({
      ...base,
      'POST /order/myorders': () => ({ body: { success: true, orders } }),
      'GET /order/delete/o1': () => {
        orders = orders.filter((o) => o._id !== 'o1');
        return { body: { success: true, message: 'Order Cancelled Successfully' } };
      },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user } = renderApp('/user/orders');
    expect(await screen.findByText('o1')).toBeInTheDocument();
    expect(screen.getAllByText('March 5, 2024')).toHaveLength(2);
    expect(screen.getAllByText('Trail Runner')).toHaveLength(2);
    expect(screen.getAllByText('Quantity: 2')).toHaveLength(2);
    // The spec's line for the order not shipped yet; the delivered one says so instead.
    expect(screen.getAllByText(/^Delivery in 3 days/)).toHaveLength(1);
    expect(screen.getByText('Delivered', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('pay_456')).toBeInTheDocument();
    expect(screen.getAllByText('₹2,338')).toHaveLength(2);

    const [cancelPending, cancelDelivered] = screen.getAllByRole('button', { name: 'Cancel Order' });
    expect(cancelDelivered).toHaveAttribute('aria-disabled', 'true');
    await user.click(cancelDelivered!);
    expect(await screen.findByText('Order Delivered')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/order/delete/o2')).toBe(false);

    await user.click(cancelPending!);
    expect(await screen.findByText('Order Cancelled Successfully')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Cancel Order' })).toHaveLength(1);
  });

  it("names each line's category, colour and size, so the tan pair is told from the black one", async () => {
    const line = orderFixture().products[0]!;
    mockApi({
      ...base,
      'POST /order/myorders': {
        body: {
          success: true,
          orders: [
            orderFixture({
              products: [
                { ...line, name: 'Monsoon Knit Slip-On', color: 'Tan', type: 'UK 8' },
                { ...line, name: 'Monsoon Knit Slip-On', color: 'Black', type: 'UK 8' },
                // Without a colour, as before colours; without a size, only the category.
                { ...line, name: 'Trail Runner', color: '', type: 'UK 9' },
                { ...line, name: 'Shoe Bag', color: '', type: null },
              ],
            }),
          ],
        },
      },
      'GET /return/mine': { body: { success: true, returns: [] } },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    const card = await screen.findByRole('article', { name: 'Order ID: o1' });
    expect([...card.querySelectorAll('.order-product-meta')].map((p) => p.textContent)).toEqual([
      'Sneakers · Tan, UK 8',
      'Sneakers · Black, UK 8',
      'Sneakers · UK 9',
      'Sneakers',
    ]);
  });

  it('shows the subtotal and the coupon above the amount paid, only on an order with a coupon', async () => {
    mockApi({
      ...base,
      'POST /order/myorders': {
        body: {
          success: true,
          orders: [
            orderFixture({ _id: 'o3', subtotal: 2338, discount: 233, coupon: 'WELCOME10', amount: 2105 }),
            orderFixture({ _id: 'o4' }),
          ],
        },
      },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    const withCoupon = await screen.findByRole('article', { name: 'Order ID: o3' });
    expect(factsOf(withCoupon)).toEqual(
      expect.arrayContaining(['Subtotal ₹2,338', 'Coupon WELCOME10 −₹233', 'Total price ₹2,105']),
    );
    const plain = factsOf(screen.getByRole('article', { name: 'Order ID: o4' }));
    expect(plain).toContain('Total price ₹2,338');
    expect(plain.some((f) => /Subtotal|Coupon/.test(f))).toBe(false);
  });

  it("shows the saving for paying online, the COD charge and where the buyer's COD answer stands", async () => {
    mockApi({
      ...base,
      'POST /order/myorders': {
        body: {
          success: true,
          orders: [
            orderFixture({ _id: 'o5', subtotal: 2000, prepaidDiscount: 100, amount: 1900 }),
            orderFixture({
              _id: 'o6',
              subtotal: 999,
              codFee: 49,
              amount: 1048,
              paymentMethod: 'cod',
              paid: false,
              codConfirmation: 'awaiting',
            }),
          ],
        },
      },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    const online = factsOf(await screen.findByRole('article', { name: 'Order ID: o5' }));
    expect(online).toEqual(
      expect.arrayContaining(['Subtotal ₹2,000', 'Paid online saving −₹100', 'Total price ₹1,900']),
    );
    expect(online.some((f) => f.startsWith('Cash on delivery'))).toBe(false);
    const cod = factsOf(screen.getByRole('article', { name: 'Order ID: o6' }));
    expect(cod).toEqual(
      expect.arrayContaining([
        'Subtotal ₹999',
        'Cash on delivery charge ₹49',
        'Cash on delivery Waiting for your confirmation',
        'Total price ₹1,048',
      ]),
    );
  });

  it('says how each order is paid and how much a cash on delivery order still needs', async () => {
    mockApi({
      ...base,
      'POST /order/myorders': {
        body: {
          success: true,
          orders: [
            orderFixture({
              _id: 'o5',
              paymentMethod: 'cod',
              paid: false,
              paymentId: null,
              amount: 1499,
              actions: actionsFixture({ markPaid: ALLOWED }),
            }),
            orderFixture({ _id: 'o6', paymentMethod: 'cod', paid: true, paymentId: null }),
            orderFixture({ _id: 'o7' }),
          ],
        },
      },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    const facts = (id: string) => factsOf(screen.getByRole('article', { name: `Order ID: ${id}` }));
    await screen.findByRole('article', { name: 'Order ID: o5' });
    expect(facts('o5')).toEqual(
      expect.arrayContaining(['Payment Cash on Delivery · ₹1,499 to collect', 'Payment ID –', 'Total price ₹1,499']),
    );
    expect(facts('o6')).toEqual(expect.arrayContaining(['Payment Cash on Delivery · Paid', 'Payment ID –']));
    expect(facts('o7')).toEqual(expect.arrayContaining(['Payment Paid online', 'Payment ID pay_123']));
  });

  it("toasts 'Failed to fetch orders' when the list fails", async () => {
    mockApi({
      ...base,
      'POST /order/myorders': { status: 500, body: { success: false, message: 'Something went wrong' } },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    expect(await screen.findByText('Failed to fetch orders', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('my orders: shipping and tracking', () => {
  const article = (id: string) => screen.getByRole('article', { name: `Order ID: ${id}` });
  const fact = (id: string, term: string) =>
    within(article(id))
      .queryAllByRole('term')
      .find((dt) => dt.textContent === term)?.nextElementSibling?.textContent ?? null;

  function openOrders(orders: ReturnType<typeof orderFixture>[]) {
    const api = mockApi({ ...base, 'POST /order/myorders': { body: { success: true, orders } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    return { ...api, ...renderApp('/user/orders') };
  }

  it('shows a shipped order on its timeline, with Track, the expected day, and no cancelling', async () => {
    const { user, calls } = openOrders([
      orderFixture({
        _id: 'o1',
        status: 'Shipped',
        shipment: shipmentFixture(),
        actions: lockedActions('Order has shipped'),
      }),
      orderFixture({ _id: 'o2' }),
    ]);
    await screen.findByRole('article', { name: 'Order ID: o1' });
    const timeline = within(article('o1')).getByRole('list', { name: 'Progress of order o1' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.timeline-label')?.firstChild?.textContent)).toEqual([
      'Placed',
      'Confirmed',
      'Shipped',
      'Out for delivery',
      'Delivered',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).toHaveTextContent('Delhivery · AWB DLV-123456');
    expect(within(steps[2]!).getByText('6 Mar 2024, 3:30 pm')).toHaveAttribute('datetime', '2024-03-06T10:00:00Z');
    expect(steps[0]).toHaveTextContent('Placed, done5 Mar 2024, 5:30 pm');
    expect(steps[4]).toHaveTextContent('Delivered, not yetExpected by Sat, 9 Mar');

    const track = within(article('o1')).getByRole('link', { name: 'Track' });
    expect(track).toHaveAttribute('href', 'https://track.example/DLV-123456');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(fact('o1', 'Delivery')).toBe('Expected by March 9, 2024');

    // The order not shipped yet: the spec's line, no Track, Placed is where it is.
    expect(fact('o2', 'Delivery')).toBe('Delivery in 3 days (by March 8, 2024)');
    expect(within(article('o2')).queryByRole('link', { name: 'Track' })).not.toBeInTheDocument();
    expect(within(article('o2')).getByText('Placed').closest('li')).toHaveAttribute('aria-current', 'step');

    const cancel = within(article('o1')).getByRole('button', { name: 'Cancel Order' });
    expect(cancel).toHaveAttribute('aria-disabled', 'true');
    await user.click(cancel);
    expect(await screen.findByText('Order has shipped', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/order/delete/'))).toBe(false);
    expect(within(article('o2')).getByRole('button', { name: 'Cancel Order' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it("names the order an exchange's replacement replaces, and refuses cancelling it without asking", async () => {
    const { user, calls } = openOrders([
      orderFixture({
        _id: 'o9',
        status: 'Confirmed',
        amount: 0,
        replaces: 'o1',
        invoiceNo: null,
        actions: lockedActions('Replacement orders cannot be cancelled'),
      }),
    ]);
    await screen.findByRole('article', { name: 'Order ID: o9' });
    expect(fact('o9', 'Exchange for')).toBe('Order ID o1');
    const cancel = within(article('o9')).getByRole('button', { name: 'Cancel Order' });
    expect(cancel).toHaveAttribute('aria-disabled', 'true');
    await user.click(cancel);
    expect(
      await screen.findByText('Replacement orders cannot be cancelled', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/order/delete/'))).toBe(false);
  });

  it('says Delivered on the day it was, and nothing expected for an order that ended', async () => {
    openOrders([
      orderFixture({
        _id: 'o1',
        status: 'Delivered',
        shipment: shipmentFixture({
          trackingUrl: null,
          deliveredAt: '2024-03-08T09:15:00Z',
          events: [{ status: 'Delivered', at: '2024-03-08T09:15:00Z', location: 'Raipur', note: null }],
        }),
        actions: lockedActions('Order Delivered'),
      }),
      orderFixture({
        _id: 'o2',
        status: 'Shipped',
        shipment: shipmentFixture({ expectedBy: null }),
        actions: lockedActions('Order has shipped'),
      }),
      orderFixture({
        _id: 'o3',
        status: 'Returned to origin',
        shipment: shipmentFixture({
          events: [{ status: 'Returned to origin', at: '2024-03-12T06:00:00Z', location: null, note: null }],
        }),
        actions: lockedActions('Order has shipped'),
      }),
      orderFixture({ _id: 'o4', status: 'Cancelled', actions: lockedActions('Order Cancelled') }),
    ]);
    await screen.findByRole('article', { name: 'Order ID: o1' });
    expect(fact('o1', 'Delivery')).toBe('Delivered on March 8, 2024');
    const delivered = within(article('o1')).getByRole('list', { name: 'Progress of order o1' });
    expect(within(delivered).getByText('Delivered').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(article('o1')).queryByRole('link', { name: 'Track' })).not.toBeInTheDocument();
    expect(fact('o2', 'Delivery')).toBe('Shipped on March 6, 2024');
    expect(fact('o3', 'Delivery')).toBeNull();
    expect(fact('o4', 'Delivery')).toBeNull();

    const returned = within(article('o3')).getByRole('list', { name: 'Progress of order o3' });
    expect(within(returned).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Returned to origin12 Mar 2024, 11:30 am',
    );
    expect(within(returned).queryByText('Delivered')).not.toBeInTheDocument();
    const cancelled = within(article('o4')).getByRole('list', { name: 'Progress of order o4' });
    expect(
      within(cancelled)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.timeline-label')?.firstChild?.textContent),
    ).toEqual(['Placed', 'Cancelled']);
    for (const id of ['o1', 'o2', 'o3', 'o4']) {
      expect(within(article(id)).getByRole('button', { name: 'Cancel Order' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
  });
});

describe('my orders: what the server allows', () => {
  const article = (id: string) => screen.getByRole('article', { name: `Order ID: ${id}` });

  it("enables Cancel Order and offers Return or exchange exactly as the order's actions say, whatever its status", async () => {
    const { calls } = mockApi({
      ...base,
      'POST /order/myorders': {
        body: {
          success: true,
          orders: [
            // Pending by its status, but the server refuses cancelling it: its reason is shown.
            orderFixture({ _id: 'o1', actions: lockedActions('Order has shipped') }),
            // Delivered long ago by its dates, but the server still takes a return.
            orderFixture({
              _id: 'o2',
              status: 'Delivered',
              shipment: shipmentFixture({ deliveredAt: '2020-01-01T00:00:00Z' }),
              actions: lockedActions('Order Delivered', { returnUntil: '2020-01-31T00:00:00.000Z', returnable: [1] }),
            }),
            // Delivered a moment ago by its dates, but the server takes no return.
            orderFixture({
              _id: 'o3',
              status: 'Delivered',
              shipment: shipmentFixture({ deliveredAt: new Date().toISOString() }),
              actions: lockedActions('Order Delivered', { returnUntil: null, returnable: [0] }),
            }),
            // Delivered by its status, but the server lets it be cancelled.
            orderFixture({ _id: 'o4', status: 'Delivered', actions: actionsFixture() }),
          ],
        },
      },
      'GET /return/mine': { body: { success: true, returns: [] } },
      'GET /order/delete/o4': { body: { success: true, message: 'Order Cancelled Successfully' } },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user } = renderApp('/user/orders');
    await screen.findByRole('article', { name: 'Order ID: o1' });
    const returnButton = (id: string) => within(article(id)).queryByRole('button', { name: 'Return or exchange' });
    const cancel = (id: string) => within(article(id)).getByRole('button', { name: 'Cancel Order' });

    await waitFor(() => expect(returnButton('o2')).toBeInTheDocument());
    expect(returnButton('o1')).not.toBeInTheDocument();
    expect(returnButton('o3')).not.toBeInTheDocument();
    expect(returnButton('o4')).not.toBeInTheDocument();

    expect(cancel('o1')).toHaveAttribute('aria-disabled', 'true');
    expect(cancel('o1')).toHaveAttribute('title', 'Order has shipped');
    await user.click(cancel('o1'));
    expect(await screen.findByText('Order has shipped', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/order/delete/o1')).toBe(false);

    expect(cancel('o4')).toHaveAttribute('aria-disabled', 'false');
    await user.click(cancel('o4'));
    expect(await screen.findByText('Order Cancelled Successfully')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/order/delete/o4')).toBe(true);
  });
});

describe('my orders: GST invoices', () => {
  afterEach(() => vi.restoreAllMocks());

  const invoiced = orderFixture({ _id: 'o1', state: 'Karnataka', invoiceNo: 'PDK/26-27/000001' });
  const older = orderFixture({ _id: 'o2' });
  const article = (id: string) => screen.getByRole('article', { name: `Order ID: ${id}` });
  const facts = (id: string) => factsOf(article(id));
  const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });

  function openOrders(invoice: (request: MockRequest) => MockReply | Promise<MockReply>) {
    const api = mockApi({
      ...base,
      'POST /order/myorders': { body: { success: true, orders: [invoiced, older] } },
      'GET /order/invoice/:id': invoice,
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    return { ...api, ...renderApp('/user/orders') };
  }

  it('shows the invoice number and the place of supply, and Download invoice only on invoiced orders', async () => {
    openOrders(() => ({ status: 500, body: {} }));
    await screen.findByRole('article', { name: 'Order ID: o1' });
    expect(facts('o1')).toEqual(
      expect.arrayContaining([
        'Shipping address 12 MG Road, RaipurPlace of supply: Karnataka',
        'Invoice PDK/26-27/000001',
      ]),
    );
    expect(within(article('o1')).getByText('Place of supply: Karnataka')).toBeInTheDocument();
    expect(within(article('o1')).getByRole('button', { name: 'Download invoice' })).toBeEnabled();

    expect(facts('o2')).toContain('Shipping address 12 MG Road, Raipur');
    expect(facts('o2').some((f) => f.startsWith('Invoice'))).toBe(false);
    expect(within(article('o2')).queryByText(/Place of supply/)).not.toBeInTheDocument();
    expect(within(article('o2')).queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Download invoice' })).toHaveLength(1);
  });

  it('downloads the PDF with the token and saves it under the name the server gives, off meanwhile', async () => {
    const saved = captureDownloads();
    let send: () => void = () => {};
    const { calls, user } = openOrders(
      (request) =>
        new Promise<MockReply>((resolve) => {
          send = () => resolve(invoiceRoute(() => [invoiced, older])(request));
        }),
    );
    await screen.findByRole('article', { name: 'Order ID: o1' });
    await user.click(within(article('o1')).getByRole('button', { name: 'Download invoice' }));

    const busy = await within(article('o1')).findByRole('button', { name: 'Downloading...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    send();

    expect(await within(article('o1')).findByRole('button', { name: 'Download invoice' })).toBeEnabled();
    const asked = calls.filter((c) => c.path.startsWith('/order/invoice/'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.method).toBe('GET');
    expect(asked[0]!.path).toBe('/order/invoice/o1');
    expect(asked[0]!.headers.get('Authorization')).toBe('token-u1');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('invoice-PDK-26-27-000001.pdf');
    expect(saved[0]!.url).toMatch(/^blob:/);
    expect(saved[0]!.blob?.type).toBe('application/pdf');
    await expect(saved[0]!.blob?.text()).resolves.toBe(INVOICE_PDF);
    // Nothing is left in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('names the file after the invoice number when the server names none', async () => {
    const saved = captureDownloads();
    const { user } = openOrders(() => fileReply({ content: INVOICE_PDF, type: 'application/pdf' }));
    await screen.findByRole('article', { name: 'Order ID: o1' });
    await user.click(within(article('o1')).getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(saved.map((f) => f.filename)).toEqual(['invoice-PDK-26-27-000001.pdf']));
  });

  it("toasts the server's refusal and saves nothing", async () => {
    const saved = captureDownloads();
    const { user } = openOrders(() => ({
      status: 403,
      body: { success: false, message: 'You can only download invoices of your own orders' },
    }));
    await screen.findByRole('article', { name: 'Order ID: o1' });
    await user.click(within(article('o1')).getByRole('button', { name: 'Download invoice' }));
    expect(await toast('You can only download invoices of your own orders')).toBeInTheDocument();
    expect(within(article('o1')).getByRole('button', { name: 'Download invoice' })).toBeEnabled();
    expect(saved).toEqual([]);
    // A 403 is a refusal, not a lost session.
    expect(useAuthStore.getState().token).toBe('token-u1');
  });
});

describe('profile', () => {
  it('shows Store credit ₹0 for one who never had any', async () => {
    mockApi({ ...base, 'GET /user/credit': { body: { success: true, balance: 0, entries: [] } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { name: 'Store credit ₹0' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Store credit entries' })).not.toBeInTheDocument();
  });

  it('shows Store credit ₹N and the latest entries, in and out', async () => {
    mockApi({
      ...base,
      'GET /user/credit': {
        body: {
          success: true,
          balance: 1200,
          entries: [
            { amount: -300, reason: 'Paid for an order', orderId: 'o7', at: '2024-03-06T12:00:00Z' },
            { amount: 1500, reason: 'Refund of a return', orderId: 'o2', returnId: 'r1', at: '2024-03-05T12:00:00Z' },
          ],
        },
      },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { name: 'Store credit ₹1,200' })).toBeInTheDocument();
    const entries = within(screen.getByRole('list', { name: 'Store credit entries' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('−₹300');
    expect(entries[0]).toHaveTextContent('Paid for an order · Order o7');
    expect(entries[1]).toHaveTextContent('+₹1,500');
    expect(entries[1]).toHaveTextContent('Refund of a return · Order o2');
  });

  it("saves name, phone and address, refuses e-mail edits with 'Cannot change Email'", async () => {
    const { calls } = mockApi({
      ...base,
      'PUT /user/update-user/u1': { body: { success: true, message: 'Profile Updated Successfully' } },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    const { user } = renderApp('/user/profile');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'x');
    expect(await screen.findByText('Cannot change Email')).toBeInTheDocument();
    expect(email).toHaveValue('shopper@paduka.local');

    const name = screen.getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Asha V.');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      newname: 'Asha V.',
      newphone: '9876543210',
      newaddress: '12 MG Road, Raipur',
    });
    expect(useAuthStore.getState().user?.name).toBe('Asha V.');
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}').user.name).toBe('Asha V.');
    expect(screen.getByRole('link', { name: 'Show Orders' })).toHaveAttribute('href', '/user/orders');
  });
});
