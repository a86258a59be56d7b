import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import {
  ALLOWED,
  actionsFixture,
  admin,
  categoriesFixture,
  courierActions,
  lockedActions,
  orderFixture,
  refused,
  sessionFor,
  shipmentFixture,
} from '@/testing/data';
import { captureDownloads } from '@/testing/downloads';
import { mockApi } from '@/testing/mock-api';
import { PACKING_SLIP_PDF, shippingRoutes, type ShippingReply } from '@/testing/order-server';
import { renderApp } from '@/testing/render-app';
import type { Order } from '@/types/api';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/admin-auth': { body: { ok: true } },
  'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
};

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
});

afterEach(() => vi.restoreAllMocks());

const failedShipment = shipmentFixture({
  events: [
    { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
    { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: 'Customer not at home' },
  ],
});

/** Newest first, as the server lists them. */
function ordersFixture(): Order[] {
  return [
    orderFixture({ _id: 'o1', createdAt: '2024-03-09T10:00:00Z' }),
    orderFixture({ _id: 'o2', status: 'Confirmed', createdAt: '2024-03-08T10:00:00Z' }),
    orderFixture({
      _id: 'o3',
      status: 'Shipped',
      shipment: shipmentFixture(),
      createdAt: '2024-03-07T10:00:00Z',
      actions: courierActions(),
    }),
    orderFixture({
      _id: 'o4',
      status: 'Shipped',
      shipment: failedShipment,
      createdAt: '2024-03-06T10:00:00Z',
      actions: courierActions(),
    }),
    orderFixture({
      _id: 'o5',
      status: 'Returned to origin',
      shipment: failedShipment,
      createdAt: '2024-03-05T10:00:00Z',
      actions: lockedActions('Order has shipped'),
    }),
    orderFixture({
      _id: 'o6',
      status: 'Delivered',
      shipment: shipmentFixture(),
      createdAt: '2024-03-04T10:00:00Z',
      actions: lockedActions('Order Delivered', { ship: refused('Order has shipped') }),
    }),
    orderFixture({
      _id: 'o7',
      createdAt: '2024-03-03T10:00:00Z',
      paymentMethod: 'cod',
      paid: false,
      amount: 1499,
      actions: actionsFixture({ markPaid: ALLOWED }),
    }),
  ];
}

/** The orders screen over a list the shipping calls change. */
function openOrders(orders: Order[], options: Parameters<typeof shippingRoutes>[1] = {}) {
  const store = { orders };
  const api = mockApi({
    ...base,
    'GET /order/get-all-orders': () => ({ body: { success: true, orders: store.orders } }),
    'GET /admin/stats': { status: 500, body: { success: false, message: 'not here' } },
    ...shippingRoutes(store, options),
  });
  return { store, ...api, ...renderApp('/admin/orders') };
}

/** The id column of the table's rows, top to bottom. */
const shownIds = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td.admin-id')?.textContent);

const rowOf = (id: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((row) => row.querySelector('td.admin-id')?.textContent === id)!;

const chip = (name: RegExp) => within(screen.getByRole('group', { name: 'Show orders' })).getByRole('button', { name });

describe("admin orders: what each order's actions allow", () => {
  it('offers Ship and Mark paid exactly as the replies say, whatever the status', async () => {
    openOrders([
      // Pending, but the server refuses shipping it: no Ship, nothing to select.
      orderFixture({ _id: 'o1', actions: lockedActions('Order has shipped') }),
      // Delivered, but the server offers shipping it: Ship, and listed To ship.
      orderFixture({ _id: 'o2', status: 'Delivered', actions: actionsFixture({ ship: ALLOWED }) }),
      // Paid online, but the server offers Mark paid: offered.
      orderFixture({ _id: 'o3', actions: actionsFixture({ ship: refused('Order has shipped'), markPaid: ALLOWED }) }),
      // Unpaid cash on delivery, but the server refuses Mark paid: not offered, nothing to collect.
      orderFixture({
        _id: 'o4',
        paymentMethod: 'cod',
        paid: false,
        paymentId: null,
        actions: actionsFixture({ ship: refused('Order Cancelled'), markPaid: refused('Order Cancelled') }),
      }),
    ]);
    await screen.findByRole('table');
    const ship = (id: string) => within(rowOf(id)).queryByRole('button', { name: `Ship order ${id}` });
    const select = (id: string) => within(rowOf(id)).queryByRole('checkbox', { name: `Select order ${id}` });
    const markPaid = (id: string) => within(rowOf(id)).queryByRole('button', { name: 'Mark paid' });
    expect(ship('o1')).not.toBeInTheDocument();
    expect(select('o1')).not.toBeInTheDocument();
    expect(ship('o2')).toBeInTheDocument();
    expect(select('o2')).toBeInTheDocument();
    expect(chip(/^To ship/)).toHaveAccessibleName('To ship 1');
    expect(markPaid('o3')).toBeInTheDocument();
    expect(markPaid('o4')).not.toBeInTheDocument();
    expect(rowOf('o4')).not.toHaveTextContent('to collect');
  });
});

describe('admin orders: shipping filters', () => {
  it('shows To ship oldest first, In transit, Delivery failed and Returned to origin, each counted', async () => {
    const { user, router } = openOrders(ordersFixture());
    await screen.findByRole('table');
    const chips = within(screen.getByRole('group', { name: 'Show orders' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All 7',
      'To ship 3',
      'In transit 2',
      'Delivery failed 1',
      'Returned to origin 1',
    ]);
    expect(chip(/^To ship/)).toHaveAccessibleName('To ship 3');
    expect(chip(/^All/)).toHaveAttribute('aria-pressed', 'true');
    expect(shownIds()).toEqual(['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7']);

    await user.click(chip(/^To ship/));
    expect(chip(/^To ship/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^All/)).toHaveAttribute('aria-pressed', 'false');
    expect(shownIds()).toEqual(['o7', 'o2', 'o1']);
    // The chip is in the address, so a reload or a shared link keeps it.
    expect(router.state.location.search).toBe('?show=to-ship');

    await user.click(chip(/^In transit/));
    expect(shownIds()).toEqual(['o3', 'o4']);
    // A failed last attempt is said in the status cell.
    expect(within(rowOf('o4')).getByText('Delivery failed')).toBeInTheDocument();

    await user.click(chip(/^Delivery failed/));
    expect(shownIds()).toEqual(['o4']);
    await user.click(chip(/^Returned to origin/));
    expect(shownIds()).toEqual(['o5']);
    await user.click(chip(/^All/));
    expect(router.state.location.search).toBe('');
  });

  it('opens on the chip the address names, and says when a chip has nothing', async () => {
    mockApi({
      ...base,
      'GET /order/get-all-orders': {
        body: {
          success: true,
          orders: [orderFixture({ status: 'Delivered', actions: lockedActions('Order Delivered') })],
        },
      },
    });
    renderApp('/admin/orders?show=delivery-failed');
    expect(await screen.findByText('No failed deliveries.')).toBeInTheDocument();
    expect(chip(/^Delivery failed/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows courier, AWB and Track for shipped orders, and turns Delete and the statuses off once shipped', async () => {
    openOrders(ordersFixture());
    await screen.findByRole('table');
    const shipped = rowOf('o3');
    expect(within(shipped).getByRole('cell', { name: /Delhivery/ })).toHaveTextContent(
      /^ShippedDelhiveryDLV-123456Track$/,
    );
    const track = within(shipped).getByRole('link', { name: 'Track' });
    expect(track).toHaveAttribute('href', 'https://track.example/DLV-123456');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(shipped).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(shipped).getByRole('button', { name: 'Delete' })).toHaveAttribute('title', 'Order has shipped');
    // Only Delivered may still be set by hand (the courier did not report it), as the server says.
    const status = within(shipped).getByRole('combobox', { name: 'Status of order o3' });
    expect(status).toBeEnabled();
    expect(within(status).queryByRole('option', { name: 'Pending' })).not.toBeInTheDocument();
    expect(within(status).getByRole('option', { name: 'Delivered' })).toBeEnabled();
    expect(within(rowOf('o5')).getByRole('combobox')).toBeDisabled();
    expect(within(rowOf('o5')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    // Ship and a box only on orders waiting to ship.
    expect(screen.getAllByRole('button', { name: /^Ship order / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Ship order o1',
      'Ship order o2',
      'Ship order o7',
    ]);
    expect(screen.getAllByRole('checkbox', { name: /^Select order/ })).toHaveLength(3);
  });
});

describe('admin orders: Ship', () => {
  it("ships one order by hand, showing the server's refusal next to the form until it is right", async () => {
    const { calls, user } = openOrders(ordersFixture());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ship order o2' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order o2' });
    await user.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
    await user.type(within(dialog).getByLabelText('AWB'), 'not an awb!');
    await user.type(within(dialog).getByLabelText('Tracking URL (optional)'), 'https://track.example/DLV-9');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid AWB');

    await user.clear(within(dialog).getByLabelText('AWB'));
    await user.type(within(dialog).getByLabelText('AWB'), 'DLV-9');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Order shipped', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const posts = calls.filter((c) => c.path === '/shipment/create/o2');
    expect(posts.map((c) => c.body)).toEqual([
      { courier: 'Delhivery', awb: 'not an awb!', trackingUrl: 'https://track.example/DLV-9' },
      { courier: 'Delhivery', awb: 'DLV-9', trackingUrl: 'https://track.example/DLV-9' },
    ]);
    expect(posts[1]!.headers.get('Authorization')).toBe('token-u0');
    await waitFor(() => expect(within(rowOf('o2')).getByRole('cell', { name: /DLV-9/ })).toBeInTheDocument());
    expect(within(rowOf('o2')).getAllByRole('cell')[6]).toHaveTextContent(/^ShippedDelhiveryDLV-9Track$/);
    expect(within(rowOf('o2')).getByRole('link', { name: 'Track' })).toHaveAttribute(
      'href',
      'https://track.example/DLV-9',
    );
  });

  it('Ship selected: one call per order in turn, `Shipping 2 of 3` meanwhile, each failure named, successes kept', async () => {
    const releases: (() => void)[] = [];
    const { calls, user } = openOrders(ordersFixture(), {
      hold: () => new Promise<void>((resolve) => releases.push(resolve)),
    });
    await screen.findByRole('table');
    await user.click(chip(/^To ship/));
    const shipSelected = screen.getByRole('button', { name: /^Ship selected/ });
    expect(shipSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select every order to ship' }));
    expect(
      screen.getAllByRole('checkbox', { name: /^Select order/ }).every((b) => (b as HTMLInputElement).checked),
    ).toBe(true);
    expect(shipSelected).toHaveTextContent('Ship selected 3');
    await user.click(shipSelected);

    const dialog = screen.getByRole('dialog', { name: 'Ship 3 orders' });
    const list = within(dialog).getByRole('list', { name: 'Orders to ship' });
    // Oldest first, as the chip shows them, with what the courier collects on a COD order.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.admin-id')?.textContent),
    ).toEqual(['o7', 'o2', 'o1']);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Asha Verma · 492001 · Collect ₹1,499');
    await user.type(within(dialog).getByLabelText('Courier'), 'Blue Dart');
    await user.type(within(dialog).getByLabelText(/^Tracking URL/), 'https://bd.example/track/{{awb}');
    await user.type(within(dialog).getByLabelText('AWB for order o7'), 'BD-0007');
    await user.type(within(dialog).getByLabelText('AWB for order o2'), 'BD 2');
    await user.type(within(dialog).getByLabelText('AWB for order o1'), 'BD-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 orders' }));

    const status = within(dialog).getByRole('status');
    expect(await within(status).findByText('Shipping 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Shipping...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // One at a time: the second waits for the first.
    expect(calls.filter((c) => c.path.startsWith('/shipment/create/'))).toHaveLength(1);
    releases.shift()!();
    expect(await within(status).findByText('Shipping 2 of 3')).toBeInTheDocument();
    releases.shift()!();
    expect(await within(status).findByText('Shipping 3 of 3')).toBeInTheDocument();
    releases.shift()!();

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('2 of 3 shipped. One order was not shipped:');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('o2: Invalid AWB');
    expect(within(dialog).getByLabelText('AWB for order o2')).toHaveAttribute('aria-invalid', 'true');
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Shipped')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Shipped')).toBeInTheDocument();
    const posts = calls.filter((c) => c.path.startsWith('/shipment/create/'));
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      [
        '/shipment/create/o7',
        { courier: 'Blue Dart', awb: 'BD-0007', trackingUrl: 'https://bd.example/track/BD-0007' },
      ],
      ['/shipment/create/o2', { courier: 'Blue Dart', awb: 'BD 2', trackingUrl: 'https://bd.example/track/BD%202' }],
      [
        '/shipment/create/o1',
        { courier: 'Blue Dart', awb: 'BD-0001', trackingUrl: 'https://bd.example/track/BD-0001' },
      ],
    ]);

    // Sending again sends only the order still waiting; nothing shipped is sent twice.
    await user.clear(within(dialog).getByLabelText('AWB for order o2'));
    await user.type(within(dialog).getByLabelText('AWB for order o2'), 'BD-0002');
    await user.click(within(dialog).getByRole('button', { name: 'Ship the other order' }));
    await waitFor(() => expect(releases).toHaveLength(1));
    releases.shift()!();
    expect(await screen.findByText('1 order shipped', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/shipment/create/')).map((c) => c.path)).toEqual([
      '/shipment/create/o7',
      '/shipment/create/o2',
      '/shipment/create/o1',
      '/shipment/create/o2',
    ]);
    // The list refetched: nothing is left to ship.
    expect(await screen.findByText('Nothing to ship.')).toBeInTheDocument();
    expect(chip(/^To ship/)).toHaveTextContent('To ship 0');
    expect(chip(/^In transit/)).toHaveTextContent('In transit 5');
  });

  it('keeps what shipped when the dialog is closed after a partial failure', async () => {
    const { store, user } = openOrders(ordersFixture());
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select order o1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order o7' }));
    await user.click(screen.getByRole('button', { name: /^Ship selected/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ship 2 orders' });
    await user.type(within(dialog).getByLabelText('Courier'), 'DTDC');
    await user.type(within(dialog).getByLabelText('AWB for order o1'), 'DT-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 2 orders' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('o7: Courier and AWB are required');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(store.orders.find((o) => o._id === 'o1')?.status).toBe('Shipped');
    await waitFor(() => expect(within(rowOf('o1')).getByRole('cell', { name: /DT-0001/ })).toBeInTheDocument());
    // o1 left the selection; o7 is still chosen.
    expect(screen.getByRole('button', { name: /^Ship selected/ })).toHaveTextContent('Ship selected 1');
  });
});

describe('admin order page: shipment', () => {
  function openOrder(
    order: Order,
    history: { status: Order['status']; at: string; by: string | null }[] = [],
    events: ShippingReply[] = [],
  ) {
    const store = { orders: [order] };
    const api = mockApi({
      ...base,
      'GET /order/get-order/:id': () => ({ body: { success: true, order: store.orders[0], history } }),
      'GET /order/get-all-orders': () => ({ body: { success: true, orders: store.orders } }),
      ...shippingRoutes(store, { now: () => '2024-03-08T05:00:00Z', events }),
    });
    return { store, ...api, ...renderApp(`/edit-order/${order._id}`) };
  }

  it('shows the timeline with the current step, Track, the courier facts, and saves the packing slip', async () => {
    const saved = captureDownloads();
    const order = orderFixture({
      _id: 'o3',
      status: 'Shipped',
      shipment: shipmentFixture(),
      paymentMethod: 'cod',
      actions: courierActions(),
    });
    const { calls, user } = openOrder(order, [
      { status: 'Pending', at: '2024-03-05T12:00:00Z', by: 'Asha Verma' },
      { status: 'Confirmed', at: '2024-03-05T13:30:00Z', by: 'Admin' },
      { status: 'Shipped', at: '2024-03-06T10:00:00Z', by: 'Admin' },
    ]);
    const timeline = await screen.findByRole('list', { name: 'Progress of order o3' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Placed, done5 Mar 2024, 5:30 pm$/),
      expect.stringMatching(/^Confirmed, done5 Mar 2024, 7:00 pm$/),
      'Shipped6 Mar 2024, 3:30 pmDelhivery · AWB DLV-123456',
      'Out for delivery, not yet',
      'Delivered, not yet' + 'Expected by Sat, 9 Mar',
    ]);
    expect(within(timeline).getByText('Shipped').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((s) => s.hasAttribute('aria-current'))).toHaveLength(1);

    const panel = screen.getByRole('region', { name: 'Shipment' });
    expect(within(panel).getByText('AWB').nextSibling).toHaveTextContent('DLV-123456');
    expect(within(panel).getByText('Expected by').nextSibling).toHaveTextContent('March 9, 2024');
    expect(within(panel).getByRole('link', { name: 'Track' })).toHaveAttribute('rel', 'noopener noreferrer');
    // Shipped: no cancelling, and only Delivered can be set by hand.
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: 'Packing slip' }));
    await waitFor(() => expect(saved.map((f) => f.filename)).toEqual(['packing-slip-o3.pdf']));
    await expect(saved[0]!.blob?.text()).resolves.toBe(PACKING_SLIP_PDF);
    const label = calls.find((c) => c.path === '/shipment/label/o3');
    expect(label?.method).toBe('GET');
    expect(label?.headers.get('Authorization')).toBe('token-u0');
  });

  it('records Out for delivery with a note, then a failed attempt, then Delivered; only what each reply offers', async () => {
    const { calls, user } = openOrder(
      orderFixture({ _id: 'o3', status: 'Shipped', shipment: shipmentFixture(), actions: courierActions() }),
      [],
      [
        { status: 'Out for delivery', actions: courierActions() },
        { status: 'Shipped', actions: courierActions() },
        {
          status: 'Delivered',
          actions: lockedActions('Order Delivered', { ship: refused('Order has shipped') }),
          deliveredAt: '2024-03-08T05:00:00Z',
        },
      ],
    );
    const events = await screen.findByRole('group', { name: 'Record what the courier did' });
    const buttons = () =>
      within(events)
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons()).toEqual(['Out for delivery', 'Delivered', 'Delivery failed', 'Returned to origin']);

    await user.type(within(events).getByLabelText('Note (optional)'), 'Left the hub at 8');
    await user.click(within(events).getByRole('button', { name: 'Out for delivery' }));
    expect(await screen.findByText('Event recorded', { selector: '.Toastify *' })).toBeInTheDocument();
    // Out for delivery again is taken too (a second attempt): the server offers all four still.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Courier events' })).toBeInTheDocument());
    expect(buttons()).toEqual(['Out for delivery', 'Delivered', 'Delivery failed', 'Returned to origin']);
    expect(within(events).getByLabelText('Note (optional)')).toHaveValue('');

    await user.click(within(events).getByRole('button', { name: 'Delivery failed' }));
    const timeline = screen.getByRole('list', { name: 'Progress of order o3' });
    await waitFor(() =>
      expect(within(timeline).getByText('Delivery failed').closest('li')).toHaveAttribute('aria-current', 'step'),
    );
    await user.click(within(events).getByRole('button', { name: 'Delivered' }));
    await waitFor(() =>
      expect(within(timeline).getByText('Delivered').closest('li')).toHaveAttribute('aria-current', 'step'),
    );
    expect(screen.queryByRole('group', { name: 'Record what the courier did' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shipment' })).toHaveTextContent('Delivered8 Mar 2024');

    expect(calls.filter((c) => c.path === '/shipment/event/o3').map((c) => c.body)).toEqual([
      { status: 'Out for delivery', note: 'Left the hub at 8' },
      { status: 'Delivery failed' },
      { status: 'Delivered' },
    ]);
    const courierEvents = within(screen.getByRole('list', { name: 'Courier events' })).getAllByRole('listitem');
    expect(courierEvents.map((e) => e.querySelector('strong')?.textContent)).toEqual([
      'Out for delivery',
      'Delivery failed',
      'Delivered',
    ]);
  });

  it('asks before Returned to origin (it restocks and refunds), and shows a refusal beside the buttons', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const order = orderFixture({
      _id: 'o3',
      status: 'Out for delivery',
      shipment: shipmentFixture(),
      actions: courierActions(),
    });
    // Someone else delivers it meanwhile: the server refuses, and says why.
    const { calls, user } = openOrder(order, [], [{ refuse: 'Order Delivered' }]);
    const events = await screen.findByRole('group', { name: 'Record what the courier did' });
    await user.click(within(events).getByRole('button', { name: 'Returned to origin' }));
    expect(confirm).toHaveBeenCalledWith(
      'Record order o3 as Returned to origin? Its sizes go back into stock and the payment is refunded in full.',
    );
    expect(calls.some((c) => c.path === '/shipment/event/o3')).toBe(false);

    confirm.mockReturnValue(true);
    await user.click(within(events).getByRole('button', { name: 'Returned to origin' }));
    expect(await within(events).findByRole('alert')).toHaveTextContent('Order Delivered');
  });

  it('offers Ship on an order waiting to ship, and nothing to record before it ships', async () => {
    const { user } = openOrder(orderFixture({ _id: 'o1', status: 'Confirmed' }));
    const panel = await screen.findByRole('region', { name: 'Shipment' });
    expect(within(panel).getByText('Not shipped yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Packing slip' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Record what the courier did' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order o1' });
    await user.type(within(dialog).getByLabelText('Courier'), 'India Post');
    await user.type(within(dialog).getByLabelText('AWB'), 'EE123456789IN');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(panel).findByRole('button', { name: 'Packing slip' })).toBeInTheDocument();
    expect(within(panel).getByText('Courier').nextSibling).toHaveTextContent('India Post');
    expect(
      within(screen.getByRole('list', { name: 'Progress of order o1' }))
        .getByText('Shipped')
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
  });
});

describe('admin overview: returns to origin', () => {
  it('shows the rate overall, for COD and online, and the worst areas with a bar each', async () => {
    const revenueByDay = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      orders: 0,
      revenue: 0,
    }));
    mockApi({
      ...base,
      'GET /admin/stats': {
        body: {
          success: true,
          today: { orders: 0, revenue: 0 },
          last30Days: { orders: 0, revenue: 0 },
          revenueByDay,
          pendingOrders: 0,
          toCollect: { orders: 0, amount: 0 },
          lowStock: [],
          rto: {
            rate: 0.0625,
            cod: 0.1,
            online: 0.02,
            areas: [
              { prefix: '492', rate: 0.25, shipments: 8 },
              { prefix: '110', rate: 0.1, shipments: 20 },
            ],
          },
        },
      },
    });
    renderApp('/admin/dashboard');
    const card = (await screen.findByText('Returned to origin')).parentElement!;
    expect(card).toHaveTextContent(/^Returned to origin6\.3%COD 10% · Online 2% · last 90 days$/);
    const areas = within(screen.getByRole('region', { name: 'Returned to origin by area' })).getAllByRole('listitem');
    expect(areas.map((a) => a.textContent)).toEqual(['492xxx25%8 shipments', '110xxx10%20 shipments']);
    // Each bar against the worst area's.
    expect(areas.map((a) => a.querySelector<HTMLElement>('.rto-bar span')?.style.width)).toEqual(['100%', '40%']);
  });

  it('lists the areas where cash on delivery is off with their COD shipments and share returned', async () => {
    const revenueByDay = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      orders: 0,
      revenue: 0,
    }));
    const stats = {
      success: true,
      today: { orders: 0, revenue: 0 },
      last30Days: { orders: 0, revenue: 0 },
      revenueByDay,
      pendingOrders: 0,
      toCollect: { orders: 0, amount: 0 },
      lowStock: [],
      rto: { rate: 0.3, cod: 0.4, online: 0.02, areas: [] },
      codOff: [
        { prefix: '492', rate: 0.75, shipments: 12 },
        { prefix: '281', rate: 0.5, shipments: 10 },
      ],
    };
    mockApi({ ...base, 'GET /admin/stats': { body: stats } });
    renderApp('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Cash on delivery off' });
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['492xxx', '12', '75%'],
      ['281xxx', '10', '50%'],
    ]);
  });

  it('flags the products whose returns say they run small or large, each opening its page', async () => {
    mockApi({
      ...base,
      'GET /admin/stats': {
        body: {
          success: true,
          today: { orders: 0, revenue: 0 },
          last30Days: { orders: 0, revenue: 0 },
          revenueByDay: [],
          pendingOrders: 0,
          toCollect: { orders: 0, amount: 0 },
          lowStock: [],
          returns: { byReason: [], bySize: [] },
          fit: [
            { _id: 'p3', name: 'Mojari', fit: 'large', tooSmall: 1, tooBig: 4 },
            { _id: 'p1', name: 'Trail', fit: 'small', tooSmall: 3, tooBig: 2 },
          ],
        },
      },
    });
    renderApp('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Runs small or large' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'MojariRuns large1 too small · 4 too big',
      'TrailRuns small3 too small · 2 too big',
    ]);
    expect(within(panel).getByRole('link', { name: 'Trail' })).toHaveAttribute('href', '/product/p1');
  });

  it('shows no such panel when no area has cash on delivery off', async () => {
    mockApi({
      ...base,
      'GET /admin/stats': {
        body: {
          success: true,
          today: { orders: 0, revenue: 0 },
          last30Days: { orders: 0, revenue: 0 },
          revenueByDay: [],
          pendingOrders: 0,
          toCollect: { orders: 0, amount: 0 },
          lowStock: [],
          rto: { rate: 0, cod: 0, online: 0, areas: [] },
          codOff: [],
        },
      },
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Returned to origin')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cash on delivery off' })).not.toBeInTheDocument();
  });

  it('leaves the card out when the server does not count returns', async () => {
    mockApi({
      ...base,
      'GET /admin/stats': {
        body: {
          success: true,
          today: { orders: 0, revenue: 0 },
          last30Days: { orders: 0, revenue: 0 },
          revenueByDay: [],
          pendingOrders: 0,
          toCollect: { orders: 0, amount: 0 },
          lowStock: [],
        },
      },
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Revenue today')).toBeInTheDocument();
    expect(screen.queryByText('Returned to origin')).not.toBeInTheDocument();
  });
});
