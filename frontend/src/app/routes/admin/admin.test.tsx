import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import {
  ALLOWED,
  actionsFixture,
  admin,
  categoriesFixture,
  lockedActions,
  orderFixture,
  productFixture,
  refused,
  saleFixture,
  sessionFor,
  shopper,
} from '@/testing/data';
import { captureDownloads } from '@/testing/downloads';
import { mockApi } from '@/testing/mock-api';
import { invoiceRoute } from '@/testing/order-server';
import { renderApp } from '@/testing/render-app';

/** What the server answers for an unpaid cash on delivery order: `Mark paid` offered. */
const awaitingCash = actionsFixture({ markPaid: ALLOWED });
/** A cash on delivery order of ₹1,499 whose cash the server says may be recorded. */
const awaitingCashOrder = () =>
  orderFixture({ _id: 'o5', paymentMethod: 'cod', paid: false, paymentId: null, amount: 1499, actions: awaitingCash });

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/admin-auth': { body: { ok: true } },
  'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
  'GET /product/search-misses': { body: { success: true, misses: [] } },
};

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => vi.restoreAllMocks());

function statsFixture() {
  const revenueByDay = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    orders: i === 29 ? 2 : 0,
    revenue: i === 29 ? 4500 : 0,
  }));
  return {
    success: true,
    today: { orders: 2, revenue: 4500 },
    last30Days: { orders: 7, revenue: 123456 },
    revenueByDay,
    pendingOrders: 3,
    toCollect: { orders: 4, amount: 125000 },
    lowStock: [
      { _id: 'p1', name: 'Trail Runner', size: 'UK 8', quantity: 0 },
      { _id: 'p1', name: 'Trail Runner', size: 'UK 9', quantity: 2 },
      { _id: 'p2', name: 'Court Classic', size: null, quantity: 4 },
      // A coloured variant: the server's `size` names its colour too.
      { _id: 'p3', name: 'Monsoon Knit Slip-On', size: 'Tan, UK 8', quantity: 1 },
    ],
  };
}

describe('admin dashboard', () => {
  it('opens on the overview: totals, waiting orders, low stock and the revenue per day', async () => {
    const { calls } = mockApi({ ...base, 'GET /admin/stats': { body: statsFixture() } });
    renderApp('/admin/dashboard');
    const today = await screen.findByText('Revenue today');
    expect(today.parentElement).toHaveTextContent('Revenue today₹4,5002 orders');
    expect(screen.getByText('Revenue, last 30 days').parentElement).toHaveTextContent('₹1,23,4567 orders');
    expect(screen.getByText('To collect').parentElement).toHaveTextContent(/^To collect₹1,25,0004 orders$/);
    expect(screen.getByText('Waiting to be confirmed').parentElement).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/admin/orders');

    const lowStock = screen.getByRole('region', { name: 'Low on stock' });
    const entries = within(lowStock).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      'Trail Runner (UK 8)Sold out',
      'Trail Runner (UK 9)2 pairs left',
      'Court Classic4 pairs left',
      'Monsoon Knit Slip-On (Tan, UK 8)1 pair left',
    ]);
    expect(within(lowStock).getByRole('link', { name: 'Trail Runner (UK 8)' })).toHaveAttribute('href', '/product/p1');

    const days = screen.getByRole('table', { name: 'Revenue per day, last 30 days' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getByRole('row', { name: /30 Nov/ })).toHaveTextContent('₹4,500');
    expect(calls.find((c) => c.path === '/admin/stats')?.headers.get('Authorization')).toBe('token-u0');
  });

  it("counts one cash on delivery order to collect as '1 order'", async () => {
    mockApi({
      ...base,
      'GET /admin/stats': { body: { ...statsFixture(), toCollect: { orders: 1, amount: 1499 } } },
    });
    renderApp('/admin/dashboard');
    const card = (await screen.findByText('To collect')).parentElement!;
    expect(card).toHaveTextContent(/^To collect₹1,4991 order$/);
    // Beside the other cards, in the same list.
    expect(card.parentElement).toBe(screen.getByText('Revenue today').parentElement!.parentElement);
  });

  it('draws the searches that found nothing as bars against the most asked, each opening the search', async () => {
    const { calls } = mockApi({
      ...base,
      'GET /admin/stats': { body: statsFixture() },
      'GET /product/search-misses': {
        body: {
          success: true,
          misses: [
            { q: 'jordan', count: 8 },
            { q: 'kolhapuri wedge', count: 2 },
            { q: 'crocs', count: 1 },
          ],
        },
      },
    });
    renderApp('/admin/dashboard');
    const list = await screen.findByRole('list', { name: 'Searches that found nothing' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['jordan8 searches', 'kolhapuri wedge2 searches', 'crocs1 search']);
    expect(rows.map((r) => r.querySelector<HTMLElement>('.search-miss-bar span')?.style.width)).toEqual([
      '100%',
      '25%',
      '13%',
    ]);
    expect(within(list).getByRole('link', { name: 'kolhapuri wedge' })).toHaveAttribute(
      'href',
      '/search?q=kolhapuri+wedge',
    );
    expect(calls.find((c) => c.path === '/product/search-misses')?.headers.get('Authorization')).toBe('token-u0');
  });

  it('says so when every search found something', async () => {
    mockApi({
      ...base,
      'GET /admin/stats': { body: statsFixture() },
      'GET /product/search-misses': { body: { success: true, misses: [] } },
    });
    renderApp('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Searches that found nothing' });
    expect(await within(panel).findByText('Every search found something.')).toBeInTheDocument();
  });

  it('is the landing page of /admin and offers a retry when the overview fails', async () => {
    let fail = true;
    mockApi({
      ...base,
      'GET /admin/stats': () =>
        fail ? { status: 500, body: { success: false, message: 'boom' } } : { body: statsFixture() },
    });
    const { user } = renderApp('/admin');
    expect(await screen.findByText('The overview could not be loaded.', { exact: false })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Revenue today')).toBeInTheDocument();
  });
});

describe('admin orders', () => {
  it('lists orders, changes a status, links to the edit page and cancels with the token', async () => {
    let fail = false;
    const { calls } = mockApi({
      ...base,
      'GET /order/get-all-orders': { body: { success: true, orders: [orderFixture()] } },
      'PUT /order/update-status/o1': () =>
        fail
          ? { status: 500, body: { success: false, message: 'boom' } }
          : { body: { success: true, message: 'Order status updated' } },
      'GET /order/delete/o1': { body: { success: true, message: 'Order Cancelled Successfully' } },
    });
    const { user } = renderApp('/admin/orders');
    expect(await screen.findByText('pay_123')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toHaveTextContent(
      'UsersOrdersProductsCategoriesSaleCoupons',
    );
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('₹2,338')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-order/o1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of order o1' }), 'Confirmed');
    expect(await screen.findByText('Order status updated')).toBeInTheDocument();
    const put = calls.find((c) => c.path === '/order/update-status/o1');
    expect(put?.body).toEqual({ status: 'Confirmed' });
    expect(put?.headers.get('Authorization')).toBe('token-u0');

    fail = true;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of order o1' }), 'Delivered');
    expect(await screen.findByText('Failed to update order status.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(window.confirm).toHaveBeenCalled();
    expect(await screen.findByText('Order Cancelled Successfully')).toBeInTheDocument();
  });

  it('shows an order on /edit-order/{id} with its history in India time', async () => {
    const history = [
      { status: 'Pending', at: '2024-03-05T12:00:00.000Z', by: 'Asha Verma' },
      { status: 'Confirmed', at: '2024-03-05T13:30:00.000Z', by: null },
    ];
    mockApi({
      ...base,
      'GET /order/get-order/o1': { body: { success: true, order: orderFixture({ status: 'Confirmed' }), history } },
    });
    renderApp('/edit-order/o1');
    expect(await screen.findByRole('heading', { name: 'Order o1' })).toBeInTheDocument();
    expect(screen.getByText('Trail Runner')).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Raipur, 492001')).toBeInTheDocument();
    expect(screen.getByLabelText('Change status')).toHaveValue('Confirmed');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Pending.*5 Mar 2024.*5:30 pm IST.*by Asha Verma$/i),
      expect.stringMatching(/^Confirmed.*5 Mar 2024.*7:00 pm IST.*by the shop$/i),
    ]);
    // Cancelling is for orders not yet delivered.
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    // An order from before invoices: neither an invoice nor a place of supply.
    expect(screen.queryByText('Invoice')).not.toBeInTheDocument();
    expect(screen.queryByText(/Place of supply/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
  });

  it("names each line's colour and size in the Variant column of /edit-order/{id}", async () => {
    const line = orderFixture().products[0]!;
    const order = orderFixture({
      _id: 'o8',
      products: [
        { ...line, name: 'Monsoon Knit Slip-On', color: 'Tan', type: 'UK 8' },
        { ...line, name: 'Monsoon Knit Slip-On', color: 'Black', type: 'UK 8' },
        { ...line, name: 'Trail Runner', color: '', type: 'UK 9' },
        { ...line, name: 'Shoe Bag', color: '', type: null },
      ],
    });
    mockApi({ ...base, 'GET /order/get-order/o8': { body: { success: true, order, history: [] } } });
    renderApp('/edit-order/o8');
    const header = await screen.findByRole('columnheader', { name: 'Variant' });
    const table = header.closest('table')!;
    const column = [...header.parentElement!.children].indexOf(header);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [row.children[0]!.textContent, row.children[column]!.textContent]),
    ).toEqual([
      ['Monsoon Knit Slip-On', 'Tan, UK 8'],
      ['Monsoon Knit Slip-On', 'Black, UK 8'],
      ['Trail Runner', 'UK 9'],
      ['Shoe Bag', ''],
    ]);
  });

  it("shows the buyer's COD answer with its steps, and the COD charge above the amount, on /edit-order/{id}", async () => {
    const order = orderFixture({
      _id: 'o7',
      paymentMethod: 'cod',
      paid: false,
      paymentId: null,
      subtotal: 999,
      codFee: 49,
      amount: 1048,
      codConfirmation: 'confirmed',
    });
    const codEvents = [{ event: 'Confirmed on WhatsApp', at: '2024-03-05T13:30:00.000Z' }];
    mockApi({ ...base, 'GET /order/get-order/o7': { body: { success: true, order, history: [], codEvents } } });
    renderApp('/edit-order/o7');
    await screen.findByRole('heading', { name: 'Order o7' });
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Cash on delivery charge')).toHaveTextContent('₹49');
    expect(fact("Buyer's confirmation")).toHaveTextContent(/^Confirmed/);
    const steps = within(screen.getByRole('list', { name: 'Confirmation steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([expect.stringMatching(/^Confirmed on WhatsApp.*7:00 pm IST$/i)]);
  });

  it('shows the subtotal and the coupon beside the amount of an order with a coupon', async () => {
    const withCoupon = orderFixture({ _id: 'o3', subtotal: 2338, discount: 233, coupon: 'WELCOME10', amount: 2105 });
    mockApi({
      ...base,
      'GET /order/get-all-orders': { body: { success: true, orders: [withCoupon, orderFixture({ _id: 'o4' })] } },
      'GET /order/get-order/o3': { body: { success: true, order: withCoupon, history: [] } },
    });
    const { user } = renderApp('/admin/orders');
    const table = await screen.findByRole('table');
    const amountCell = (id: string) =>
      within(within(table).getByRole('row', { name: new RegExp(id) })).getAllByRole('cell')[4];
    expect(amountCell('o3')).toHaveTextContent('₹2,105Subtotal ₹2,338Coupon WELCOME10 −₹233');
    expect(amountCell('o4')).toHaveTextContent(/^₹2,338$/);

    await user.click(within(within(table).getByRole('row', { name: /o3/ })).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Order o3' })).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('₹2,338');
    expect(screen.getByText('Coupon WELCOME10').nextSibling).toHaveTextContent('−₹233');
    expect(screen.getByText('Amount').nextSibling).toHaveTextContent('₹2,105');
  });

  it("keeps Delete and the statuses to what the orders' actions allow, with the server's reason", async () => {
    mockApi({
      ...base,
      'GET /order/get-all-orders': {
        body: {
          success: true,
          orders: [
            orderFixture({
              status: 'Delivered',
              actions: actionsFixture({ cancel: { allowed: false, reason: 'Order Delivered' } }),
            }),
            orderFixture({ _id: 'o2', status: 'Cancelled', actions: lockedActions('Order Cancelled') }),
            // Pending by its status, but the server allows nothing but Confirmed: the client does not guess.
            orderFixture({
              _id: 'o3',
              actions: actionsFixture({
                cancel: { allowed: false, reason: 'Order has shipped' },
                statuses: ['Confirmed'],
              }),
            }),
          ],
        },
      },
    });
    renderApp('/admin/orders');
    const [delivered, cancelled, pending] = await screen.findAllByRole('button', { name: 'Delete' });
    expect(delivered).toBeDisabled();
    expect(delivered).toHaveAttribute('title', 'Order Delivered');
    expect(cancelled).toBeDisabled();
    expect(cancelled).toHaveAttribute('title', 'Order Cancelled');
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('title', 'Order has shipped');
    expect(screen.getByRole('combobox', { name: 'Status of order o2' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status of order o1' })).toBeEnabled();
    const options = (id: string) =>
      within(screen.getByRole('combobox', { name: `Status of order ${id}` }))
        .getAllByRole('option')
        .map((o) => `${o.textContent}${(o as HTMLOptionElement).disabled ? ' (off)' : ''}`);
    expect(options('o1')).toEqual(['Pending', 'Confirmed', 'Delivered']);
    expect(options('o3')).toEqual(['Pending', 'Confirmed']);
  });

  it('shows how cash on delivery orders are paid and records the cash with Mark paid', async () => {
    let orders = [
      awaitingCashOrder(),
      orderFixture({ _id: 'o6', paymentMethod: 'cod', paid: true, paymentId: null }),
      orderFixture({
        _id: 'o7',
        paymentMethod: 'cod',
        paid: false,
        paymentId: null,
        status: 'Cancelled',
        actions: lockedActions('Order Cancelled', { markPaid: refused('Order Cancelled') }),
      }),
      orderFixture({ _id: 'o8' }),
    ];
    let refuse = true;
    const { calls } = mockApi({
      ...base,
      'GET /order/get-all-orders': () => ({ body: { success: true, orders } }),
      'PUT /order/mark-paid/o5': () => {
        if (refuse) return { status: 409, body: { success: false, message: 'Order is already paid' } };
        orders = orders.map((o) => (o._id === 'o5' ? { ...o, paid: true, actions: actionsFixture() } : o));
        return { body: { success: true, message: 'Payment recorded', order: orders[0] } };
      },
    });
    const { user } = renderApp('/admin/orders');
    const table = await screen.findByRole('table');
    const row = (id: string) => within(table).getByRole('row', { name: new RegExp(`^(Select order ${id} )?${id} `) });
    const cells = (id: string) => within(row(id)).getAllByRole('cell');
    expect(cells('o5')[2]).toHaveTextContent(/^–$/);
    expect(cells('o5')[4]).toHaveTextContent('₹1,499Cash on Delivery · ₹1,499 to collectMark paid');
    expect(cells('o6')[4]).toHaveTextContent(/^₹2,338Cash on Delivery · Paid$/);
    expect(cells('o7')[4]).toHaveTextContent(/^₹2,338Cash on Delivery$/);
    expect(cells('o8')[4]).toHaveTextContent(/^₹2,338$/);
    expect(cells('o8')[2]).toHaveTextContent('pay_123');
    // Mark paid only where the reply offers it.
    expect(screen.getAllByRole('button', { name: 'Mark paid' })).toHaveLength(1);

    await user.click(within(row('o5')).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Order is already paid')).toBeInTheDocument();
    expect(cells('o5')[4]).toHaveTextContent('to collect');

    refuse = false;
    await user.click(within(row('o5')).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    await waitFor(() => expect(cells('o5')[4]).toHaveTextContent(/^₹1,499Cash on Delivery · Paid$/));
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    const puts = calls.filter((c) => c.path === '/order/mark-paid/o5');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.method).toBe('PUT');
    expect(puts[1]!.body).toBeNull();
    expect(puts[1]!.headers.get('Authorization')).toBe('token-u0');
  });

  it('marks a cash on delivery order paid from its page', async () => {
    let order = awaitingCashOrder();
    mockApi({
      ...base,
      'GET /order/get-order/o5': () => ({ body: { success: true, order, history: [] } }),
      'PUT /order/mark-paid/o5': () => {
        order = { ...order, paid: true, actions: actionsFixture() };
        return { body: { success: true, message: 'Payment recorded', order } };
      },
    });
    const { user } = renderApp('/edit-order/o5');
    expect(await screen.findByRole('heading', { name: 'Order o5' })).toBeInTheDocument();
    expect(screen.getByText('PaymentId').nextSibling).toHaveTextContent(/^–$/);
    const payment = screen.getByText('Payment').nextSibling;
    expect(payment).toHaveTextContent('Cash on Delivery · ₹1,499 to collect');
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Payment').nextSibling).toHaveTextContent(/^Cash on Delivery · Paid$/));
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
  });

  it('shows the place of supply and the invoice on /edit-order/{id} and downloads it with the token', async () => {
    const saved = captureDownloads();
    const order = orderFixture({ _id: 'o9', state: 'Karnataka', invoiceNo: 'PDK/26-27/000042' });
    const { calls } = mockApi({
      ...base,
      'GET /order/get-order/o9': { body: { success: true, order, history: [] } },
      'GET /order/invoice/:id': invoiceRoute(() => [order]),
    });
    const { user } = renderApp('/edit-order/o9');
    expect(await screen.findByRole('heading', { name: 'Order o9' })).toBeInTheDocument();
    expect(screen.getByText('Address').nextSibling).toHaveTextContent(
      /^12 MG Road, Raipur, 492001Place of supply: Karnataka$/,
    );
    expect(screen.getByText('Invoice').nextSibling).toHaveTextContent(/^PDK\/26-27\/000042Download invoice$/);

    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(saved.map((f) => f.filename)).toEqual(['invoice-PDK-26-27-000042.pdf']));
    const asked = calls.filter((c) => c.path.startsWith('/order/invoice/'));
    expect(asked.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /order/invoice/o9']);
    expect(asked[0]!.headers.get('Authorization')).toBe('token-u0');
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeEnabled();
  });

  it("toasts the server's refusal of an invoice", async () => {
    const saved = captureDownloads();
    const order = orderFixture({ _id: 'o9', invoiceNo: 'PDK/26-27/000042' });
    mockApi({
      ...base,
      'GET /order/get-order/o9': { body: { success: true, order, history: [] } },
      'GET /order/invoice/o9': { status: 404, body: { success: false, message: 'No invoice for this order' } },
    });
    const { user } = renderApp('/edit-order/o9');
    await user.click(await screen.findByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText('No invoice for this order', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows the place of supply under the address in the orders table', async () => {
    mockApi({
      ...base,
      'GET /order/get-all-orders': {
        body: { success: true, orders: [orderFixture({ _id: 'o9', state: 'Karnataka' }), orderFixture({ _id: 'o2' })] },
      },
    });
    renderApp('/admin/orders');
    const table = await screen.findByRole('table');
    const addressCell = (id: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^(Select order ${id} )?${id} `) })).getAllByRole(
        'cell',
      )[5];
    expect(addressCell('o9')).toHaveTextContent(/^12 MG Road, RaipurPlace of supply: Karnataka$/);
    expect(addressCell('o2')).toHaveTextContent(/^12 MG Road, Raipur$/);
  });

  it('guards /edit-order like /admin', async () => {
    mockApi({ ...base, 'GET /auth/admin-auth': { status: 403, body: { ok: false, message: 'Forbidden' } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/edit-order/o1');
    expect(await screen.findByText(/not authorized/)).toBeInTheDocument();
  });
});

describe('admin products', () => {
  it('creates, edits and deletes a product', async () => {
    let products = [productFixture()];
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': () => ({ body: { success: true, count: products.length, products } }),
      'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
      'POST /product/create-product': () => ({
        body: {
          success: true,
          message: 'Product Created Successfully',
          product: productFixture({ _id: 'p9', name: 'Tempo' }),
        },
      }),
      'PUT /product/update-product/:id': {
        body: { success: true, message: 'Product Updated Successfully', product: productFixture() },
      },
      'DELETE /product/delete/:id': () => {
        products = [];
        return { body: { success: true, message: 'Product Deleted successfully' } };
      },
    });
    const { user } = renderApp('/admin/products');
    const table = await screen.findByRole('table');
    const name = products[0]!.name;
    expect(within(table).getByText(name)).toBeInTheDocument();

    await user.type(screen.getAllByLabelText('Name')[0]!, 'Tempo');
    await user.type(screen.getAllByLabelText('Prices')[0]!, '4599, 4599.50');
    await user.selectOptions(screen.getAllByLabelText('Category')[0]!, categoriesFixture[0]!._id);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Tempo created Successfully')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/product/create-product');
    expect(post?.headers.get('Authorization')).toBe('token-u0');

    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveValue(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`${name} deleted Successfully`)).toBeInTheDocument();
  });
});

describe('admin products with stock per size', () => {
  it('shows the stock of each size, sends `stock` on create and fills it on edit', async () => {
    const sized = productFixture({
      name: 'Sized',
      type: ['UK 7', 'UK 8'],
      price: [999, 999],
      stock: [3, 0],
      quantity: 3,
    });
    const pooled = productFixture({ name: 'Pooled', stock: null, quantity: 14 });
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 2, products: [sized, pooled] } },
      'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
      'POST /product/create-product': {
        status: 201,
        body: { success: true, message: 'Product Created Successfully', product: productFixture({ name: 'Tempo' }) },
      },
      'PUT /product/update-product/:id': {
        body: { success: true, message: 'Product Updated Successfully', product: sized },
      },
    });
    const { user } = renderApp('/admin/products');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Sized/ })).toHaveTextContent('UK 7: 3 · UK 8: 0');
    expect(within(table).getByRole('row', { name: /Pooled/ })).toHaveTextContent('14');

    const stock = screen.getByLabelText('Stock per size');
    expect(stock).toHaveAccessibleDescription('One number per size, in price order; leave empty for one pool');
    await user.type(screen.getByLabelText('Name'), 'Tempo');
    await user.type(screen.getByLabelText('Prices'), '4599, 4799');
    await user.type(stock, '5, 2');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Tempo created Successfully')).toBeInTheDocument();
    const created = calls.find((c) => c.path === '/product/create-product')?.form;
    expect(created?.get('price')).toBe('4599,4799');
    expect(created?.get('stock')).toBe('5,2');

    await user.click(within(within(table).getByRole('row', { name: /Sized/ })).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Stock per size')).toHaveValue('3,0');
    await user.clear(within(dialog).getByLabelText('Stock per size'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    // Emptied: the product goes back to one pool.
    expect(calls.find((c) => c.method === 'PUT')?.form?.get('stock')).toBe('');
  });

  it('edits exact sale prices, and new prices or discounts empty them', async () => {
    const imported = productFixture({
      name: 'Imported',
      type: ['UK 7', 'UK 8'],
      price: [3299, 3299],
      discount: [60, 60],
      salePrice: [1299, 1299],
    });
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 1, products: [imported] } },
      'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
      'PUT /product/update-product/:id': {
        body: { success: true, message: 'Product Updated Successfully', product: imported },
      },
    });
    const { user } = renderApp('/admin/products');
    const table = await screen.findByRole('table');
    await user.click(
      within(within(table).getByRole('row', { name: /Imported/ })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog');
    const salePrices = within(dialog).getByLabelText('Sale prices');
    expect(salePrices).toHaveValue('1299, 1299');
    await user.clear(salePrices);
    await user.type(salePrices, '1299, 1199.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.method === 'PUT')
        .at(-1)
        ?.form?.get('salePrice'),
    ).toBe('1299,1199.5');

    await user.click(
      within(within(table).getByRole('row', { name: /Imported/ })).getByRole('button', { name: 'Edit' }),
    );
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('Discounts'), '0');
    expect(within(again).getByLabelText('Sale prices')).toHaveValue('');
  });
});

describe('admin products drafts', () => {
  it('marks a draft in the list, and the Published box saves a draft or publishes it', async () => {
    const draft = productFixture({ name: 'Hiker Prototype', published: false });
    const live = productFixture({ name: 'Chelsea Classic' });
    const { calls } = mockApi({
      ...base,
      'GET /product/get-products': { body: { success: true, count: 2, products: [draft, live] } },
      'GET /user/get-sellers': { body: { success: true, sellers: [{ _id: 'u0', name: 'Admin' }] } },
      'POST /product/create-product': {
        status: 201,
        body: { success: true, message: 'Product Created Successfully', product: productFixture({ name: 'Tempo' }) },
      },
      'PUT /product/update-product/:id': {
        body: { success: true, message: 'Product Updated Successfully', product: { ...draft, published: true } },
      },
    });
    const { user } = renderApp('/admin/products');
    const table = await screen.findByRole('table');
    const draftRow = within(table).getByRole('row', { name: /Hiker Prototype/ });
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Chelsea Classic/ })).queryByText('Draft')).toBeNull();

    // A new product is published unless the box is unticked.
    const published = screen.getByRole('checkbox', { name: 'Published' });
    expect(published).toBeChecked();
    await user.type(screen.getByLabelText('Name'), 'Tempo');
    await user.type(screen.getByLabelText('Prices'), '4599');
    await user.click(published);
    expect(published).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Tempo created Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/product/create-product')?.form?.get('published')).toBe('false');

    await user.click(within(draftRow).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: 'Published' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.form?.get('published')).toBe('true');
  });
});

describe('admin products when its lists fail', () => {
  it("toasts 'Error fetching categories' and 'Error fetching sellers'", async () => {
    mockApi({
      ...base,
      'GET /category/all-categories': { status: 500, body: { success: false, message: 'Something went wrong' } },
      'GET /user/get-sellers': { status: 500, body: { success: false, message: 'Something went wrong' } },
      'GET /product/get-products': { body: { success: true, count: 0, products: [] } },
    });
    renderApp('/admin/products');
    expect(await screen.findByText('Error fetching categories')).toBeInTheDocument();
    expect(await screen.findByText('Error fetching sellers')).toBeInTheDocument();
  });

  it("shows the server's own refusal of the seller list", async () => {
    mockApi({
      ...base,
      'GET /user/get-sellers': { status: 403, body: { success: false, message: 'Admins only' } },
      'GET /product/get-products': { body: { success: true, count: 0, products: [] } },
    });
    renderApp('/admin/products');
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });
});

describe('admin categories', () => {
  it('renaming a category shows on the products table without a reload', async () => {
    let sneakers = 'Sneakers';
    mockApi({
      ...base,
      'GET /category/all-categories': () => ({
        body: { success: true, categories: [{ ...categoriesFixture[0]!, name: sneakers }] },
      }),
      'GET /product/get-products': () => ({
        body: {
          success: true,
          count: 1,
          products: [productFixture({ name: 'Court Classic', category: { _id: 'c1', name: sneakers } })],
        },
      }),
      'GET /user/get-sellers': { body: { success: true, sellers: [] } },
      'PUT /category/update-category/c1': ({ body }) => {
        sneakers = (body as { name: string }).name;
        return { body: { success: true, message: 'Category Updated Successfully' } };
      },
    });
    const { user } = renderApp('/admin/products');
    const strip = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(await screen.findByRole('table')).getByRole('row', { name: /Court Classic/ })).toHaveTextContent(
      'Sneakers',
    );

    await user.click(within(strip).getByRole('link', { name: 'Categories' }));
    await screen.findByRole('heading', { level: 1, name: 'Categories' });
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Street Sneakers');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category Updated Successfully')).toBeInTheDocument();

    await user.click(within(strip).getByRole('link', { name: 'Products' }));
    await screen.findByRole('heading', { level: 1, name: 'Products' });
    const row = await screen.findByRole('row', { name: /Court Classic/ });
    await waitFor(() => expect(row).toHaveTextContent('Street Sneakers'));
  });

  it("shows the server's refusal to delete a category in use", async () => {
    mockApi({
      ...base,
      'GET /category/delete-category/:id': { status: 409, body: { success: false, message: 'Category is in use' } },
    });
    const { user } = renderApp('/admin/categories');
    const table = await screen.findByRole('table');
    await user.click(within(table).getAllByRole('button', { name: 'Delete' })[0]!);
    expect(await screen.findByText('Category is in use')).toBeInTheDocument();
  });
});

describe('admin sale', () => {
  it("asks to 'Fill all details', creates in India time and deletes", async () => {
    const { calls } = mockApi({
      ...base,
      'GET /sale/allsales': { body: { success: true, sales: [saleFixture()] } },
      'POST /sale/create-sale': { body: { success: true, message: 'Sale Created Successfully' } },
      'GET /sale/delete-sale/:id': { body: { success: true, message: 'deleted' } },
    });
    const { user } = renderApp('/admin/sale');
    const table = await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Fill all details')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Diwali');
    await user.type(screen.getByLabelText('Start (India time)'), '2025-11-01T00:00');
    await user.type(screen.getByLabelText('End (India time)'), '2025-11-05T23:59');
    await user.type(screen.getByLabelText('Discount'), '15');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sale Created Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/sale/create-sale')?.body).toEqual({
      name: 'Diwali',
      start: '2025-10-31T18:30:00.000Z',
      end: '2025-11-05T18:29:00.000Z',
      discount: 15,
    });

    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sale deleted Successfully')).toBeInTheDocument();
  });
});

describe('admin coupons', () => {
  const welcome = {
    _id: 'k1',
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    minOrder: 0,
    start: '2025-10-31T18:30:00.000Z',
    end: '2025-11-30T18:29:00.000Z',
    maxUses: 10,
    maxUsesPerUser: 1,
    used: 3,
    createdAt: '2025-10-01T00:00:00.000Z',
  };
  const flat = {
    ...welcome,
    _id: 'k2',
    code: 'FLAT200',
    kind: 'amount',
    value: 200,
    minOrder: 1500,
    maxUses: null,
    maxUsesPerUser: null,
    used: 0,
  };

  it('lists, creates, edits and deletes coupons from the strip, with the server words', async () => {
    let coupons = [welcome, flat];
    let refuse = true;
    const { calls } = mockApi({
      ...base,
      'GET /coupon/all-coupons': () => ({ body: { success: true, coupons } }),
      'POST /coupon/create-coupon': ({ body }) => {
        if (refuse) return { status: 409, body: { success: false, message: 'Coupon code already exists' } };
        const coupon = { ...welcome, ...(body as object), _id: 'k3', used: 0 };
        coupons = [coupon, ...coupons];
        return { status: 201, body: { success: true, message: 'Coupon created Successfully', coupon } };
      },
      'PUT /coupon/update-coupon/:id': { body: { success: true, message: 'Coupon updated Successfully' } },
      'GET /coupon/delete-coupon/:id': ({ path }) => {
        coupons = coupons.filter((c) => !path.endsWith(c._id));
        return { body: { success: true, message: 'Coupon deleted Successfully' } };
      },
    });
    const { user } = renderApp('/admin/sale');
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Coupons' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const cells = (code: RegExp) =>
      within(within(table).getByRole('row', { name: code }))
        .getAllByRole('cell')
        .slice(0, 7)
        .map((c) => c.textContent);
    expect(cells(/WELCOME10/)).toEqual([
      'WELCOME10',
      '10%',
      '₹0',
      expect.stringMatching(/^1 Nov 2025, 12:00 am IST$/i),
      expect.stringMatching(/^30 Nov 2025, 11:59 pm IST$/i),
      '1',
      '3 / 10',
    ]);
    expect(cells(/FLAT200/)).toEqual([
      'FLAT200',
      '₹200 off',
      '₹1,500',
      expect.any(String),
      expect.any(String),
      'no limit',
      '0 / no limit',
    ]);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Fill all details')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code'), 'diwali');
    expect(screen.getByLabelText('Code')).toHaveValue('DIWALI');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Rupees off');
    expect(screen.getByLabelText('Value')).toHaveAccessibleDescription('Whole rupees off, at least 1');
    await user.type(screen.getByLabelText('Value'), '250');
    await user.type(screen.getByLabelText('Minimum order (₹)'), '2000');
    await user.type(screen.getByLabelText('Start (India time)'), '2025-11-01T00:00');
    await user.type(screen.getByLabelText('End (India time)'), '2025-11-05T23:59');
    await user.type(screen.getByLabelText('Max uses per shopper'), '2');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Coupon code already exists')).toBeInTheDocument();
    // Refused: what was typed stays for a second try.
    expect(screen.getByLabelText('Code')).toHaveValue('DIWALI');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Coupon created Successfully')).toBeInTheDocument();
    const post = calls.filter((c) => c.path === '/coupon/create-coupon').at(-1);
    expect(post?.body).toEqual({
      code: 'DIWALI',
      kind: 'amount',
      value: 250,
      minOrder: 2000,
      start: '2025-10-31T18:30:00.000Z',
      end: '2025-11-05T18:29:00.000Z',
      maxUses: null,
      maxUsesPerUser: 2,
    });
    expect(post?.headers.get('Authorization')).toBe('token-u0');
    expect(await within(table).findByRole('row', { name: /DIWALI/ })).toHaveTextContent('₹250 off');
    expect(screen.getByLabelText('Code')).toHaveValue('');

    await user.click(
      within(within(table).getByRole('row', { name: /WELCOME10/ })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME10' });
    expect(within(dialog).getByLabelText('Start (India time)')).toHaveValue('2025-11-01T00:00');
    expect(within(dialog).getByLabelText('Max uses')).toHaveValue(10);
    await user.clear(within(dialog).getByLabelText('Max uses'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Coupon updated Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/coupon/update-coupon/k1');
    expect(put?.body).toMatchObject({
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      maxUses: null,
      maxUsesPerUser: 1,
    });

    await user.click(
      within(within(table).getByRole('row', { name: /FLAT200/ })).getByRole('button', { name: 'Delete' }),
    );
    expect(window.confirm).toHaveBeenCalledWith('Delete coupon FLAT200? Orders keep what they saved.');
    expect(await screen.findByText('Coupon deleted Successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /FLAT200/ })).not.toBeInTheDocument());
  });
});

describe('admin users', () => {
  it('edits a user with a role and never deletes yourself', async () => {
    const { calls } = mockApi({
      ...base,
      'GET /user/get-users': { body: { success: true, users: [admin, shopper] } },
      'PUT /user/update-user/:id': { body: { success: true, message: 'Profile Updated Successfully' } },
    });
    const { user } = renderApp('/admin/users');
    const table = await screen.findByRole('table');
    const [mine, theirs] = within(table).getAllByRole('button', { name: 'Delete' });
    expect(mine).toBeDisabled();
    expect(theirs).toBeEnabled();

    await user.click(within(table).getAllByRole('button', { name: 'Edit' })[1]!);
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Role'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ newname: shopper.name, newrole: 1 });
    expect(useAuthStore.getState().user?.name).toBe(admin.name);
  });

  it('editing your own row updates your session, as the profile page does', async () => {
    mockApi({
      ...base,
      'GET /user/get-users': { body: { success: true, users: [admin, shopper] } },
      'PUT /user/update-user/u0': ({ body }) => ({
        body: {
          success: true,
          message: 'Profile Updated Successfully',
          user: { ...admin, name: (body as { newname: string }).newname },
        },
      }),
    });
    const { user } = renderApp('/admin/users');
    const table = await screen.findByRole('table');
    await user.click(within(table).getAllByRole('button', { name: 'Edit' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Paduka Owner');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(useAuthStore.getState().user).toMatchObject({ name: 'Paduka Owner', email: admin.email, role: 1 });
  });
});
