import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { lockedActions, orderFixture, productFixture, sessionFor, shipmentFixture, shopper } from '@/testing/data';
import { captureDownloads } from '@/testing/downloads';
import { fileReply, mockApi, type MockReply, type MockRequest } from '@/testing/mock-api';
import { returnFixture, returnStepRoutes } from '@/testing/return-server';
import { renderApp } from '@/testing/render-app';
import type { Order, Return } from '@/types/api';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/user-auth': { body: { ok: true } },
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });
const article = (id: string) => screen.getByRole('article', { name: `Order ID: ${id}` });

/**
 * The actions the server answers for a delivered order: a return open until `returnUntil` for
 * `pairs` of each line (none once it has closed).
 */
const returnable = (returnUntil: string | null, pairs = [2, 1]) =>
  lockedActions('Order Delivered', { returnUntil, returnable: returnUntil ? pairs : pairs.map(() => 0) });

/**
 * Delivered two days ago, a return open for five more days: two pairs of Trail Runner UK 8, one
 * Court Classic UK 7.
 */
function deliveredOrder(overrides: Partial<Order> = {}): Order {
  return orderFixture({
    _id: 'o1',
    status: 'Delivered',
    shipment: shipmentFixture({ deliveredAt: daysAgo(2) }),
    actions: returnable(daysAgo(-5)),
    products: [
      {
        _id: 'p1',
        name: 'Trail Runner',
        photo: '',
        category: { name: 'Sneakers' },
        type: 'UK 8',
        color: '',
        price: 1299,
        discount: 10,
        salePrice: 1169.1,
        quantity: 2,
      },
      {
        _id: 'p2',
        name: 'Court Classic',
        photo: '',
        category: { name: 'Sneakers' },
        type: 'UK 7',
        color: '',
        price: 1000,
        discount: 0,
        salePrice: 1000,
        quantity: 1,
      },
    ],
    amount: 3338,
    subtotal: 3338,
    ...overrides,
  });
}

// UK 7 costs what UK 8 does and has 3 left; UK 9 costs more. Court Classic's other size costs more.
const trailRunner = productFixture({
  _id: 'p1',
  name: 'Trail Runner',
  type: ['UK 7', 'UK 8', 'UK 9'],
  price: [1299, 1299, 1499],
  discount: [10, 10, 10],
  stock: [3, 0, 5],
});
const courtClassic = productFixture({ _id: 'p2', name: 'Court Classic', type: ['UK 7', 'UK 8'], price: [1000, 1200] });

function openOrders(
  orders: Order[],
  returns: Return[],
  extra: Record<string, MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>)> = {},
) {
  const store = { returns, orders };
  const api = mockApi({
    ...base,
    'POST /order/myorders': () => ({ body: { success: true, orders: store.orders } }),
    'GET /return/mine': () => ({ body: { success: true, returns: store.returns } }),
    'GET /product/get-product/p1': { body: { success: true, product: trailRunner } },
    'GET /product/get-product/p2': { body: { success: true, product: courtClassic } },
    ...returnStepRoutes(store, { 'cancel/r1': { status: 'Cancelled', next: [] } }),
    ...extra,
  });
  useAuthStore.getState().setSession(sessionFor(shopper));
  return { store, ...api, ...renderApp('/user/orders') };
}

describe('my orders: return or exchange', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers Return or exchange while the server offers a pair, asking nothing else', async () => {
    const { calls } = openOrders(
      [
        deliveredOrder(),
        // The server says the window has closed: whatever its dates, nothing is offered.
        deliveredOrder({ _id: 'o2', actions: returnable(null) }),
        orderFixture({ _id: 'o3' }),
        // Set Delivered by hand long ago, but the server still takes a return: offered, no history asked.
        deliveredOrder({ _id: 'o4', shipment: null, updatedAt: daysAgo(30) }),
        // Everything already asked for: the server offers no pair.
        deliveredOrder({ _id: 'o5', products: [deliveredOrder().products[0]!], actions: returnable(daysAgo(-5), [0]) }),
      ],
      [returnFixture({ _id: 'r5', orderId: 'o5', lines: [{ ...returnFixture().lines[0]!, quantity: 2 }] })],
    );
    await screen.findByRole('article', { name: 'Order ID: o1' });
    const offered = (id: string) => within(article(id)).queryByRole('button', { name: 'Return or exchange' }) !== null;
    await waitFor(() => expect(offered('o1')).toBe(true));
    expect(offered('o2')).toBe(false);
    expect(offered('o3')).toBe(false);
    expect(offered('o4')).toBe(true);
    expect(offered('o5')).toBe(false);
    expect(calls.some((c) => c.path.startsWith('/order/get-order/'))).toBe(false);
  });

  it('asks for the lines, reviews them and sends the request, in three screens', async () => {
    let sent: unknown = null;
    const { user, store } = openOrders([deliveredOrder()], [], {
      'POST /return/request': ({ body }) => {
        sent = body;
        const created = returnFixture({
          _id: 'r9',
          number: 'RET-000009',
          lines: [
            { ...returnFixture().lines[0]!, kind: 'exchange', newSize: 'UK 7', amount: 1169.07 },
            {
              line: 1,
              productId: 'p2',
              name: 'Court Classic',
              size: 'UK 7',
              color: '',
              newSize: null,
              newColor: '',
              quantity: 1,
              reason: 'Damaged',
              kind: 'refund',
              amount: 999.94,
            },
          ],
          refundAmount: 999.94,
        });
        store.returns = [created];
        // What the server then answers for the order: the pairs asked for are no longer offered.
        store.orders = store.orders.map((o) => ({ ...o, actions: returnable(daysAgo(-5), [1, 0]) }));
        return { status: 201, body: { success: true, message: 'Return requested', return: created } };
      },
    });
    await user.click(
      await within(await screen.findByRole('article')).findByRole('button', { name: 'Return or exchange' }),
    );
    const flow = screen.getByRole('region', { name: 'Return or exchange' });
    expect(flow).toHaveTextContent('Step 1 of 3');

    await user.click(within(flow).getByRole('button', { name: 'Continue' }));
    expect(within(flow).getByRole('alert')).toHaveTextContent('Choose at least one pair to return');

    const runner = within(flow).getByRole('group', { name: 'Trail Runner (UK 8)' });
    const pairs = within(runner).getByLabelText('Pairs to return');
    expect(
      within(pairs)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1', '2']);
    await user.selectOptions(pairs, '1');
    expect(
      within(within(runner).getByLabelText('Reason'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', 'Too small', 'Too big', 'Damaged', 'Not as described', 'Changed my mind']);
    await user.selectOptions(within(runner).getByLabelText('Reason'), 'Too small');
    await user.click(within(runner).getByRole('radio', { name: 'Exchange for another size' }));
    await user.click(within(flow).getByRole('button', { name: 'Continue' }));
    expect(within(flow).getByRole('alert')).toHaveTextContent('Choose the new size');
    const newSize = within(runner).getByLabelText('New size');
    // Only the other size at the same price that is in stock.
    expect(
      within(newSize)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a size', 'UK 7 (only 3 left)']);
    await user.selectOptions(newSize, 'UK 7 (only 3 left)');

    const court = within(flow).getByRole('group', { name: 'Court Classic (UK 7)' });
    await user.selectOptions(within(court).getByLabelText('Pairs to return'), '1');
    await user.selectOptions(within(court).getByLabelText('Reason'), 'Damaged');
    expect(within(court).getByRole('radio', { name: 'Exchange for another size' })).toBeDisabled();
    expect(court).toHaveTextContent('No other size at this price in stock');
    await user.click(within(flow).getByRole('button', { name: 'Continue' }));

    expect(flow).toHaveTextContent('Step 2 of 3');
    const lines = within(flow)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      '1 × Trail Runner (UK 8)Too small · Exchange for UK 7',
      '1 × Court Classic (UK 7)Damaged · Refund about ₹999.94',
    ]);
    expect(flow).toHaveTextContent('Refund estimate ₹999.94 to your original payment');
    await user.click(within(flow).getByRole('button', { name: 'Request return' }));

    expect(await within(flow).findByRole('heading', { name: 'Return requested' })).toBeInTheDocument();
    expect(flow).toHaveTextContent('Step 3 of 3');
    expect(flow).toHaveTextContent('Your return number is RET-000009.');
    expect(flow).toHaveTextContent('Your new size ships as soon as the old pair is picked up.');
    expect(flow).toHaveTextContent('₹999.94 is refunded to your original payment');
    expect(sent).toEqual({
      orderId: 'o1',
      lines: [
        { line: 0, quantity: 1, reason: 'Too small', kind: 'exchange', size: 0 },
        { line: 1, quantity: 1, reason: 'Damaged', kind: 'refund' },
      ],
    });

    // The return shows on the order; one Trail Runner is left to ask for.
    expect(await screen.findByRole('region', { name: 'Return RET-000009' })).toBeInTheDocument();
    await user.click(within(flow).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Return or exchange' })).not.toBeInTheDocument();
    await user.click(within(article('o1')).getByRole('button', { name: 'Return or exchange' }));
    const again = within(screen.getByRole('region', { name: 'Return or exchange' }));
    const left = within(again.getByRole('group', { name: 'Trail Runner (UK 8)' })).getByLabelText('Pairs to return');
    expect(
      within(left)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1']);
  });

  it('finds a coloured line by its colour and size and offers the other variants at its price, either colour', async () => {
    // Tan and Black, UK 7 to UK 9, all at ₹2,400 but Black UK 9; Black UK 7 is sold out.
    const knit = productFixture({
      _id: 'p3',
      name: 'Monsoon Knit Slip-On',
      colors: [
        { name: 'Tan', hex: '#c19a6b', photos: [] },
        { name: 'Black', hex: '#000000', photos: [] },
      ],
      color: ['Tan', 'Tan', 'Tan', 'Black', 'Black', 'Black'],
      type: ['UK 7', 'UK 8', 'UK 9', 'UK 7', 'UK 8', 'UK 9'],
      price: [2400, 2400, 2400, 2400, 2400, 2600],
      discount: [0, 0, 0, 0, 0, 0],
      stock: [3, 4, 6, 0, 2, 5],
    });
    const knitLine = (color: string) => ({
      _id: 'p3',
      name: 'Monsoon Knit Slip-On',
      photo: '',
      category: { name: 'Sneakers' },
      type: 'UK 8',
      color,
      price: 2400,
      discount: 0,
      salePrice: 2400,
      quantity: 1,
    });
    let sent: unknown = null;
    const exchanged = returnFixture({
      _id: 'r9',
      number: 'RET-000009',
      lines: [
        {
          ...returnFixture().lines[0]!,
          line: 1,
          productId: 'p3',
          name: 'Monsoon Knit Slip-On',
          size: 'UK 8',
          color: 'Black',
          kind: 'exchange',
          newSize: 'UK 8',
          newColor: 'Tan',
          reason: 'Changed my mind',
          amount: 2400,
        },
      ],
      refundAmount: 0,
    });
    const { user, store } = openOrders(
      [
        deliveredOrder({
          products: [knitLine('Tan'), knitLine('Black')],
          actions: returnable(daysAgo(-5), [1, 1]),
          amount: 4800,
          subtotal: 4800,
        }),
      ],
      [],
      {
        'GET /product/get-product/p3': { body: { success: true, product: knit } },
        'POST /return/request': ({ body }) => {
          sent = body;
          store.returns = [exchanged];
          return { status: 201, body: { success: true, message: 'Return requested', return: exchanged } };
        },
      },
    );
    await user.click(
      await within(await screen.findByRole('article')).findByRole('button', { name: 'Return or exchange' }),
    );
    const flow = screen.getByRole('region', { name: 'Return or exchange' });
    const newSizes = (group: HTMLElement) =>
      within(within(group).getByLabelText('New size'))
        .getAllByRole('option')
        .map((o) => o.textContent);

    // The tan pair: the sizes of either colour at ₹2,400 in stock, not itself.
    const tan = within(flow).getByRole('group', { name: 'Monsoon Knit Slip-On (Tan, UK 8)' });
    await user.selectOptions(within(tan).getByLabelText('Pairs to return'), '1');
    await user.selectOptions(within(tan).getByLabelText('Reason'), 'Too small');
    await user.click(within(tan).getByRole('radio', { name: 'Exchange for another size' }));
    expect(newSizes(tan)).toEqual([
      'Choose a size',
      'Tan, UK 7 (only 3 left)',
      'Tan, UK 9',
      'Black, UK 8 (only 2 left)',
    ]);
    await user.click(within(tan).getByRole('radio', { name: 'Refund' }));
    await user.selectOptions(within(tan).getByLabelText('Pairs to return'), '0');

    // The black pair is the black one, not the first UK 8: Tan, UK 8 is offered, Black, UK 8 is not.
    const black = within(flow).getByRole('group', { name: 'Monsoon Knit Slip-On (Black, UK 8)' });
    await user.selectOptions(within(black).getByLabelText('Pairs to return'), '1');
    await user.selectOptions(within(black).getByLabelText('Reason'), 'Changed my mind');
    await user.click(within(black).getByRole('radio', { name: 'Exchange for another size' }));
    expect(newSizes(black)).toEqual(['Choose a size', 'Tan, UK 7 (only 3 left)', 'Tan, UK 8', 'Tan, UK 9']);
    await user.selectOptions(within(black).getByLabelText('New size'), 'Tan, UK 8');
    await user.click(within(flow).getByRole('button', { name: 'Continue' }));

    expect(
      within(flow)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 × Monsoon Knit Slip-On (Black, UK 8)Changed my mind · Exchange for Tan, UK 8']);
    await user.click(within(flow).getByRole('button', { name: 'Request return' }));
    expect(await within(flow).findByRole('heading', { name: 'Return requested' })).toBeInTheDocument();
    // The variant index of Tan, UK 8: the server takes that variant's stock.
    expect(sent).toEqual({
      orderId: 'o1',
      lines: [{ line: 1, quantity: 1, reason: 'Changed my mind', kind: 'exchange', size: 1 }],
    });
    const shown = await screen.findByRole('region', { name: 'Return RET-000009' });
    expect(shown).toHaveTextContent('1 × Monsoon Knit Slip-On (Black, UK 8)Changed my mind · Exchange for Tan, UK 8');
  });

  it("toasts the server's refusal and stays on the review", async () => {
    const { user, calls } = openOrders([deliveredOrder()], [], {
      'POST /return/request': { status: 400, body: { success: false, message: 'Return window has closed' } },
    });
    await user.click(
      await within(await screen.findByRole('article')).findByRole('button', { name: 'Return or exchange' }),
    );
    const flow = screen.getByRole('region', { name: 'Return or exchange' });
    const runner = within(flow).getByRole('group', { name: 'Trail Runner (UK 8)' });
    await user.selectOptions(within(runner).getByLabelText('Pairs to return'), '2');
    await user.selectOptions(within(runner).getByLabelText('Reason'), 'Changed my mind');
    await user.click(within(flow).getByRole('button', { name: 'Continue' }));
    expect(flow).toHaveTextContent('Refund estimate ₹2,338.05 to your original payment');
    await user.click(within(flow).getByRole('button', { name: 'Request return' }));
    expect(await toast('Return window has closed')).toBeInTheDocument();
    expect(flow).toHaveTextContent('Step 2 of 3');
    expect(within(flow).getByRole('button', { name: 'Request return' })).toBeEnabled();
    expect(calls.filter((c) => c.path === '/return/request')).toHaveLength(1);
  });
});

describe('my orders: a return in progress', () => {
  afterEach(() => vi.restoreAllMocks());

  const stepsOf = (region: HTMLElement) =>
    within(within(region).getByRole('list', { name: /^Progress of return/ }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.timeline-label')?.firstChild?.textContent);

  it('shows each return on its steps, with Cancel return before pickup and the credit note once refunded', async () => {
    const saved = captureDownloads();
    const approved = returnFixture({
      status: 'Approved',
      actions: { next: ['reject', 'picked-up', 'cancel'] },
      pickup: { courier: 'Delhivery', awb: 'RP123456', trackingUrl: 'https://track.example/RP123456', arrivedAt: null },
      events: [
        { status: 'Requested', at: '2024-03-10T06:30:00Z', note: null },
        { status: 'Approved', at: '2024-03-11T06:30:00Z', note: null },
      ],
    });
    const completed = returnFixture({
      _id: 'r2',
      number: 'RET-000002',
      status: 'Completed',
      refundAmount: 1169.1,
      refundTo: 'credit',
      creditNoteNo: 'CN/23-24/000001',
      events: ['Requested', 'Approved', 'Picked up', 'Received', 'Completed'].map((status, i) => ({
        status: status as Return['status'],
        at: `2024-03-1${i}T06:30:00Z`,
        note: null,
      })),
    });
    const rejected = returnFixture({
      _id: 'r3',
      number: 'RET-000003',
      status: 'Rejected',
      lines: [{ ...returnFixture().lines[0]!, kind: 'exchange', newSize: 'UK 9' }],
      refundAmount: 0,
      events: [
        { status: 'Requested', at: '2024-03-10T06:30:00Z', note: null },
        { status: 'Rejected', at: '2024-03-11T06:30:00Z', note: 'Worn outdoors' },
      ],
    });
    const failed = returnFixture({
      _id: 'r4',
      number: 'RET-000004',
      status: 'Completed',
      events: [
        { status: 'Requested', at: '2024-03-10T06:30:00Z', note: null },
        { status: 'Received', at: '2024-03-13T06:30:00Z', note: 'Sole worn through' },
        { status: 'Completed', at: '2024-03-14T06:30:00Z', note: null },
      ],
    });
    const exchanged = returnFixture({
      _id: 'r5',
      number: 'RET-000005',
      status: 'Picked up',
      lines: [{ ...returnFixture().lines[0]!, kind: 'exchange', newSize: 'UK 9' }],
      refundAmount: 0,
      replacementOrderId: 'o9',
      events: [
        { status: 'Requested', at: '2024-03-10T06:30:00Z', note: null },
        { status: 'Approved', at: '2024-03-11T06:30:00Z', note: null },
        { status: 'Picked up', at: '2024-03-12T06:30:00Z', note: null },
      ],
    });
    const { user, calls, store } = openOrders([deliveredOrder()], [approved, completed, rejected, failed, exchanged], {
      'GET /return/credit-note/:id': fileReply({
        content: '%PDF-1.7\n% credit note\n%%EOF\n',
        type: 'application/pdf',
        filename: 'credit-note-CN-23-24-000001.pdf',
      }),
    });

    const first = await screen.findByRole('region', { name: 'Return RET-000001' });
    expect(stepsOf(first)).toEqual(['Requested', 'Approved', 'Picked up', 'Received', 'Completed']);
    expect(within(first).getByText('Approved', { selector: '.timeline-label' }).closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(first).getByText('Approved', { selector: '.badge' })).toBeInTheDocument();
    expect(first).toHaveTextContent('1 × Trail Runner (UK 8)Too small · Refund');
    expect(first).toHaveTextContent('Refund ₹1,169');
    expect(within(first).queryByRole('button', { name: 'Download credit note' })).not.toBeInTheDocument();
    expect(first).toHaveTextContent('Pickup by Delhivery · AWB RP123456');
    expect(within(first).getByRole('link', { name: 'Track pickup' })).toHaveAttribute(
      'href',
      'https://track.example/RP123456',
    );

    const second = screen.getByRole('region', { name: 'Return RET-000002' });
    expect(within(second).getByText('Completed', { selector: '.timeline-label' }).closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(second).toHaveTextContent('Refund ₹1,169.10 as store credit');
    expect(within(second).queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Download credit note' }));
    await waitFor(() => expect(saved.map((f) => f.filename)).toEqual(['credit-note-CN-23-24-000001.pdf']));
    expect(calls.find((c) => c.path === '/return/credit-note/r2')?.headers.get('Authorization')).toBe('token-u1');

    const third = screen.getByRole('region', { name: 'Return RET-000003' });
    expect(stepsOf(third)).toEqual(['Requested', 'Rejected']);
    expect(third).toHaveTextContent('Worn outdoors');
    expect(third).toHaveTextContent('Too small · Exchange for UK 9');
    expect(third).not.toHaveTextContent('Refund');
    expect(third).not.toHaveTextContent('Pickup by');
    expect(third).not.toHaveTextContent('New size ships');
    expect(within(third).queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();

    const fourth = screen.getByRole('region', { name: 'Return RET-000004' });
    expect(fourth).toHaveTextContent('Sole worn through');
    expect(fourth).toHaveTextContent('Not refunded: the pairs did not pass our check');
    expect(fourth).not.toHaveTextContent('₹');

    const fifth = screen.getByRole('region', { name: 'Return RET-000005' });
    expect(fifth).toHaveTextContent('New size ships as order ID o9');
    expect(within(fifth).queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Cancel return' }));
    expect(await toast('Return cancelled')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/return/cancel/r1')).toBe(true);
    expect(store.returns[0]!.status).toBe('Cancelled');
    await waitFor(() =>
      expect(stepsOf(screen.getByRole('region', { name: 'Return RET-000001' }))).toEqual([
        'Requested',
        'Approved',
        'Cancelled',
      ]),
    );
  });
});

describe("my orders: a return's steps are the server's", () => {
  it("offers Cancel return exactly when the return's actions name cancel, whatever its status", async () => {
    openOrders(
      [deliveredOrder()],
      [
        // Requested by its status, but the server takes no cancel (it is being picked up).
        returnFixture({ _id: 'r1', number: 'RET-000001', status: 'Requested', actions: { next: [] } }),
        // Picked up by its status, but the server still takes the shopper's cancel.
        returnFixture({ _id: 'r2', number: 'RET-000002', status: 'Picked up', actions: { next: ['cancel'] } }),
      ],
    );
    const first = await screen.findByRole('region', { name: 'Return RET-000001' });
    const second = screen.getByRole('region', { name: 'Return RET-000002' });
    expect(within(first).queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Cancel return' })).toBeInTheDocument();
  });
});
