import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { admin, categoriesFixture, orderFixture, sessionFor } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { returnFixture, returnStepRoutes, type ReturnStepReply } from '@/testing/return-server';
import { renderApp } from '@/testing/render-app';
import type { Return } from '@/types/api';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/admin-auth': { body: { ok: true } },
  'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
};

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
});

afterEach(() => vi.restoreAllMocks());

const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });

/** One return in each step an admin acts on; o2 was paid in cash. */
function returnsFixture(): Return[] {
  return [
    returnFixture({ _id: 'r1', number: 'RET-000001', orderId: 'o1', status: 'Requested', actions: requested }),
    returnFixture({ _id: 'r2', number: 'RET-000002', orderId: 'o1', status: 'Approved', actions: approved }),
    returnFixture({ _id: 'r3', number: 'RET-000003', orderId: 'o1', status: 'Picked up', actions: pickedUp }),
    returnFixture({
      _id: 'r4',
      number: 'RET-000004',
      orderId: 'o2',
      status: 'Received',
      refundAmount: 999.5,
      actions: received,
    }),
    returnFixture({ _id: 'r5', number: 'RET-000005', orderId: 'o1', status: 'Received', actions: received }),
  ];
}

/** The steps the server offers at each status, as it answers them. */
const requested = { next: ['approve', 'reject', 'cancel'] } satisfies Return['actions'];
const approved = { next: ['reject', 'picked-up', 'cancel'] } satisfies Return['actions'];
const pickedUp = { next: ['receive'] } satisfies Return['actions'];
const received = { next: ['complete'] } satisfies Return['actions'];

/** The returns screen over `returns`, its steps answered with `replies` (`'approve/r1'`...). */
function openReturns(returns: Return[] = returnsFixture(), replies: Record<string, ReturnStepReply> = {}) {
  const store = { returns };
  const api = mockApi({
    ...base,
    'GET /return/all': ({ query }) => {
      const status = query.get('status');
      return { body: { success: true, returns: store.returns.filter((r) => !status || r.status === status) } };
    },
    'GET /order/get-all-orders': {
      body: {
        success: true,
        orders: [
          orderFixture({ _id: 'o1', status: 'Delivered' }),
          orderFixture({ _id: 'o2', status: 'Delivered', paymentMethod: 'cod', paid: true, paymentId: null }),
        ],
      },
    },
    ...returnStepRoutes(store, replies),
  });
  return { store, ...api, ...renderApp('/admin/returns') };
}

const rowOf = (number: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(number))!;
const actionsOf = (number: string) => within(rowOf(number)).getByRole('group', { name: `Actions on return ${number}` });
const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]);

describe('admin returns', () => {
  it('is in the strip, lists the returns and filters them by status on the server', async () => {
    const { user, calls, router } = openReturns();
    const strip = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(strip).getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/admin/returns');
    await screen.findByRole('table');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Return', 'Order', 'Lines', 'Reason', 'Kind', 'Refund', 'Status', 'Actions']);
    const first = rowOf('RET-000001');
    expect(first).toHaveTextContent('1 × Trail Runner (UK 8)');
    expect(first).toHaveTextContent('Too small');
    expect(first).toHaveTextContent('Refund');
    expect(first).toHaveTextContent('₹1,169');
    expect(within(first).getByRole('link', { name: 'o1' })).toHaveAttribute('href', '/edit-order/o1');
    expect(first).toHaveTextContent('o1Asha VermaPaid online');
    expect(
      within(actionsOf('RET-000001'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    expect(
      within(actionsOf('RET-000002'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark picked up', 'Reject']);
    expect(
      within(actionsOf('RET-000003'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Receive']);
    expect(
      within(actionsOf('RET-000004'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete']);

    const chips = within(screen.getByRole('group', { name: 'Show returns' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All',
      'Requested',
      'Approved',
      'Picked up',
      'Received',
      'Completed',
      'Rejected',
      'Cancelled',
    ]);
    await user.click(
      within(screen.getByRole('group', { name: 'Show returns' })).getByRole('button', { name: 'Received' }),
    );
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(router.state.location.search).toBe('?status=Received');
    expect(calls.filter((c) => c.path === '/return/all').map((c) => c.query.get('status'))).toEqual([null, 'Received']);
    expect(calls.find((c) => c.path === '/return/all')?.headers.get('Authorization')).toBe('token-u0');
  });

  it("shows the courier's pickup with its tracking link and an exchange's replacement order", async () => {
    openReturns([
      returnFixture({
        _id: 'r3',
        number: 'RET-000003',
        status: 'Picked up',
        pickup: { courier: 'Delhivery', awb: 'R123', trackingUrl: 'https://track.example/R123', arrivedAt: null },
        replacementOrderId: 'o9',
      }),
      returnFixture({
        _id: 'r4',
        number: 'RET-000004',
        status: 'Received',
        pickup: { courier: 'Delhivery', awb: 'R124', trackingUrl: null, arrivedAt: '2024-03-12T06:30:00Z' },
      }),
    ]);
    await screen.findByRole('table');
    const picked = rowOf('RET-000003');
    expect(picked).toHaveTextContent('Delhivery AWB R123');
    expect(within(picked).getByRole('link', { name: 'R123' })).toHaveAttribute('href', 'https://track.example/R123');
    expect(picked).toHaveTextContent('New size: o9');
    expect(within(picked).getByRole('link', { name: 'o9' })).toHaveAttribute('href', '/edit-order/o9');
    const received = rowOf('RET-000004');
    expect(received).toHaveTextContent('Delhivery AWB R124 · Arrived at the shop');
    expect(within(received).queryByRole('link', { name: 'R124' })).not.toBeInTheDocument();
    expect(received).not.toHaveTextContent('New size');
  });

  it('names the colour and size bought and the colour an exchange asks for', async () => {
    const line = returnFixture().lines[0]!;
    openReturns([
      returnFixture({
        lines: [
          { ...line, name: 'Monsoon Knit Slip-On', color: 'Tan', size: 'UK 8' },
          {
            ...line,
            line: 1,
            name: 'Monsoon Knit Slip-On',
            color: 'Black',
            size: 'UK 8',
            kind: 'exchange',
            newColor: 'Tan',
            newSize: 'UK 9',
          },
        ],
      }),
    ]);
    await screen.findByRole('table');
    const cells = within(rowOf('RET-000001')).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('1 × Monsoon Knit Slip-On (Tan, UK 8)1 × Monsoon Knit Slip-On (Black, UK 8)');
    expect(cells[4]).toHaveTextContent('RefundExchange for Tan, UK 9');
  });

  it('approves, marks picked up, and shows the refusal of a step out of order', async () => {
    const { user, calls } = openReturns(returnsFixture(), {
      'approve/r1': { status: 'Approved', ...approved },
      'picked-up/r2': { status: 'Picked up', ...pickedUp },
      // Someone else moved it meanwhile: the server refuses in its words.
      'picked-up/r1': { refuse: 'Return is Cancelled' },
    });
    await screen.findByRole('table');
    await user.click(within(actionsOf('RET-000001')).getByRole('button', { name: 'Approve' }));
    expect(await toast('Return approved')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(actionsOf('RET-000001')).getByRole('button', { name: 'Mark picked up' })).toBeInTheDocument(),
    );
    await user.click(within(actionsOf('RET-000002')).getByRole('button', { name: 'Mark picked up' }));
    expect(await toast('Return picked up')).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      ['/return/approve/r1', {}],
      ['/return/picked-up/r2', {}],
    ]);

    await user.click(within(actionsOf('RET-000001')).getByRole('button', { name: 'Mark picked up' }));
    expect(await toast('Return is Cancelled')).toBeInTheDocument();
  });

  it('rejects with a note, and receives with what QC found', async () => {
    const { user, calls } = openReturns(returnsFixture(), {
      'reject/r1': { status: 'Rejected', next: [] },
      'receive/r3': { status: 'Received', ...received },
    });
    await screen.findByRole('table');
    await user.click(within(actionsOf('RET-000001')).getByRole('button', { name: 'Reject' }));
    let dialog = screen.getByRole('dialog', { name: 'Reject return RET-000001' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(dialog).toHaveTextContent('Write why it is rejected');
    const why = within(dialog).getByLabelText('Why (the shopper is told)');
    // Notes stop at the server's 500 characters.
    expect(why).toHaveAttribute('maxlength', '500');
    expect(why).toHaveAccessibleDescription('Write why it is rejected');
    await user.type(why, 'Worn outdoors');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toast('Return rejected')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(actionsOf('RET-000003')).getByRole('button', { name: 'Receive' }));
    dialog = screen.getByRole('dialog', { name: 'Receive return RET-000003' });
    await user.click(within(dialog).getByRole('radio', { name: /QC failed/ }));
    await user.type(within(dialog).getByLabelText('Note (the shopper is told why)'), 'Sole worn');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await toast('Return received')).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      ['/return/reject/r1', { note: 'Worn outdoors' }],
      ['/return/receive/r3', { qc: 'failed', note: 'Sole worn' }],
    ]);
  });

  it('completes an online order to its payment, and a cash on delivery one to credit or a bank payout', async () => {
    const { user, calls } = openReturns(returnsFixture(), {
      'complete/r5': { status: 'Completed', next: [], creditNoteNo: 'CN/23-24/000001' },
      'complete/r4': { status: 'Completed', next: [], creditNoteNo: 'CN/23-24/000002' },
    });
    await screen.findByRole('table');
    await user.click(within(actionsOf('RET-000005')).getByRole('button', { name: 'Complete' }));
    let dialog = screen.getByRole('dialog', { name: 'Complete return RET-000005' });
    expect(dialog).toHaveTextContent('Refund ₹1,169 to the original payment.');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await toast('Return completed')).toBeInTheDocument();

    await user.click(within(actionsOf('RET-000004')).getByRole('button', { name: 'Complete' }));
    dialog = screen.getByRole('dialog', { name: 'Complete return RET-000004' });
    expect(within(dialog).getByRole('group', { name: 'Refund ₹999.50 to' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Store credit' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Bank or UPI payout' }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(dialog).toHaveTextContent("Enter the payout's reference");
    // References stop at the server's 100 characters (a longer one is refused).
    expect(within(dialog).getByLabelText('Payout reference')).toHaveAttribute('maxlength', '100');
    await user.type(within(dialog).getByLabelText('Payout reference'), 'UTR123456');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls)).toEqual([
      ['/return/complete/r5', { refundTo: 'original' }],
      ['/return/complete/r4', { refundTo: 'bank', reference: 'UTR123456' }],
    ]);
    // Completed: the credit note is there to download.
    await waitFor(() =>
      expect(within(actionsOf('RET-000004')).getByRole('button', { name: 'Credit note' })).toBeInTheDocument(),
    );
    expect(rowOf('RET-000004')).toHaveTextContent('to a bank account');
  });
});

describe('admin overview: returns', () => {
  function statsFixture(returns?: unknown) {
    return {
      success: true,
      today: { orders: 0, revenue: 0 },
      last30Days: { orders: 0, revenue: 0 },
      revenueByDay: [],
      pendingOrders: 0,
      toCollect: { orders: 0, amount: 0 },
      lowStock: [],
      ...(returns === undefined ? {} : { returns }),
    };
  }

  it('shows returns by reason and the return rate per size', async () => {
    mockApi({
      ...base,
      'GET /admin/stats': {
        body: statsFixture({
          byReason: [
            { reason: 'Too small', count: 6 },
            { reason: 'Too big', count: 2 },
            { reason: 'Damaged', count: 1 },
            { reason: 'Not as described', count: 0 },
            { reason: 'Changed my mind', count: 3 },
          ],
          bySize: [
            { size: 'UK 7', returned: 1, sold: 40, rate: 0.025 },
            { size: 'UK 8', returned: 6, sold: 50, rate: 0.12 },
          ],
        }),
      },
    });
    renderApp('/admin/dashboard');
    const reasons = await screen.findByRole('table', { name: 'Returns by reason, last 90 days' });
    expect(
      within(reasons)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Too small6', 'Too big2', 'Damaged1', 'Not as described0', 'Changed my mind3']);
    const sizes = within(screen.getByRole('region', { name: 'Return rate by size' })).getByRole('table');
    expect(
      within(sizes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SizeReturnedSoldRate', 'UK 71402.5%', 'UK 865012%']);
  });

  it('shows nothing of returns when the server sends none', async () => {
    mockApi({ ...base, 'GET /admin/stats': { body: statsFixture() } });
    renderApp('/admin/dashboard');
    await screen.findByText('Revenue today');
    expect(screen.queryByText('Returns by reason')).not.toBeInTheDocument();
    expect(screen.queryByText('Return rate by size')).not.toBeInTheDocument();
  });
});

describe("admin returns: the server's next steps", () => {
  it("offers exactly the steps the return's actions name, whatever its status", async () => {
    openReturns([
      // Requested by its status, but the server offers nothing (another admin acted meanwhile).
      returnFixture({ _id: 'r1', number: 'RET-000001', status: 'Requested', actions: { next: [] } }),
      // The server offers Approve and Reject; the shopper's cancel is not the admin's.
      returnFixture({
        _id: 'r2',
        number: 'RET-000002',
        status: 'Requested',
        actions: { next: ['approve', 'reject', 'cancel'] },
      }),
      returnFixture({ _id: 'r3', number: 'RET-000003', status: 'Received', actions: { next: ['complete'] } }),
    ]);
    await screen.findByRole('table');
    const buttons = (number: string) =>
      within(actionsOf(number))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('RET-000001')).toEqual([]);
    expect(buttons('RET-000002')).toEqual(['Approve', 'Reject']);
    expect(buttons('RET-000003')).toEqual(['Complete']);
  });
});
