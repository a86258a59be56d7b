import { screen, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ALLOWED, actionsFixture, admin, categoriesFixture, orderFixture, sessionFor } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { shippingRoutes } from '@/testing/order-server';
import { renderApp } from '@/testing/render-app';
import type { Order } from '@/types/api';

// The admin's To ship list with the buyers' answers to the COD question (decisions D39).

beforeEach(() => {
  useAuthStore.getState().setSession(sessionFor(admin));
});

afterEach(() => vi.restoreAllMocks());

const cod = (id: string, codConfirmation: Order['codConfirmation'], createdAt: string) =>
  orderFixture({
    _id: id,
    createdAt,
    paymentMethod: 'cod',
    paid: false,
    paymentId: null,
    codConfirmation,
    actions: actionsFixture({ markPaid: ALLOWED }),
  });

/** Newest first, as the server lists them. */
const orders = (): Order[] => [
  cod('c-confirmed-new', 'confirmed', '2024-03-09T10:00:00Z'),
  cod('c-awaiting', 'awaiting', '2024-03-08T10:00:00Z'),
  orderFixture({ _id: 'online', createdAt: '2024-03-07T10:00:00Z' }),
  cod('c-unanswered', 'unanswered', '2024-03-06T10:00:00Z'),
  cod('c-confirmed-old', 'confirmed', '2024-03-05T10:00:00Z'),
];

function openToShip(list: Order[]) {
  const store = { orders: list };
  const api = mockApi({
    'GET /sale/allsales': { body: { success: true, sales: [] } },
    'GET /auth/admin-auth': { body: { ok: true } },
    'GET /category/all-categories': { body: { success: true, categories: categoriesFixture } },
    'GET /order/get-all-orders': () => ({ body: { success: true, orders: store.orders } }),
    'GET /admin/stats': { status: 500, body: { success: false, message: 'not here' } },
    ...shippingRoutes(store),
  });
  return { ...api, ...renderApp('/admin/orders?show=to-ship') };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const idOf = (row: HTMLElement) => row.querySelector('td.admin-id')?.textContent;
const rowOf = (id: string) => rows().find((row) => idOf(row) === id)!;

describe('admin orders: COD confirmation in To ship', () => {
  it('shows each answer as a chip, confirmed first, then awaiting, then unanswered, oldest first in each', async () => {
    openToShip(orders());
    await screen.findByRole('table');
    expect(rows().map(idOf)).toEqual(['c-confirmed-old', 'online', 'c-confirmed-new', 'c-awaiting', 'c-unanswered']);
    const chipOf = (id: string) => rowOf(id).querySelector('.cod-chip')?.textContent ?? null;
    expect(chipOf('c-confirmed-old')).toBe('Confirmed');
    expect(chipOf('c-awaiting')).toBe('Awaiting');
    expect(chipOf('c-unanswered')).toBe('Unanswered');
    // An order nobody was asked about has no chip.
    expect(chipOf('online')).toBeNull();
  });

  it('asks "Ship without confirmation?" before shipping an unconfirmed order, and ships nothing on No', async () => {
    const { calls, user } = openToShip(orders());
    await screen.findByRole('table');
    const asked = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Ship order c-awaiting' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order c-awaiting' });
    await user.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
    await user.type(within(dialog).getByLabelText('AWB'), 'DLV-9');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(asked).toHaveBeenLastCalledWith(
      'Ship without confirmation? The buyer has not confirmed this cash on delivery order.',
    );
    expect(calls.filter((c) => c.path === '/shipment/create/c-awaiting')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Order shipped', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/shipment/create/c-awaiting')).toHaveLength(1);
  });

  it('ships a confirmed order without asking', async () => {
    const { calls, user } = openToShip(orders());
    await screen.findByRole('table');
    const asked = vi.spyOn(window, 'confirm');
    await user.click(screen.getByRole('button', { name: 'Ship order c-confirmed-old' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order c-confirmed-old' });
    await user.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
    await user.type(within(dialog).getByLabelText('AWB'), 'DLV-10');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Order shipped', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/shipment/create/c-confirmed-old')).toHaveLength(1);
  });
});
