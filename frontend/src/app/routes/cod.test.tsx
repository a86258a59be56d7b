import { screen, within } from '@testing-library/react';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { CodLink } from '@/types/api';

// The COD link's page (decisions D39): works signed out, opening it acts on nothing.

afterEach(() => vi.restoreAllMocks());

const TOKEN = 'o1.abc123';

const link = (overrides: Partial<CodLink> = {}, order: Partial<CodLink['order']> = {}): CodLink => ({
  order: {
    _id: 'o1',
    products: [{ name: 'Kolhapuri', type: 'UK 7', color: '', quantity: 2 }],
    amount: 1798,
    status: 'Pending',
    codConfirmation: 'awaiting',
    ...order,
  },
  answerable: true,
  message: null,
  events: [],
  ...overrides,
});

const ok = (reply: CodLink) => ({ body: { success: true, ...reply } });

describe('the COD link page', () => {
  it("shows the order's id, items (each colour and size) and amount, and opening it posts nothing", async () => {
    const products = [
      { name: 'Kolhapuri', type: 'UK 7', color: '', quantity: 2 },
      { name: 'Monsoon Knit Slip-On', type: 'UK 8', color: 'Tan', quantity: 1 },
      { name: 'Shoe Bag', type: null, color: '', quantity: 1 },
    ];
    const { calls } = mockApi({ [`GET /cod/${TOKEN}`]: ok(link({}, { products })) });
    renderApp(`/cod/${TOKEN}`);
    expect(await screen.findByText('Order o1')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Items' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kolhapuri · UK 7 × 2', 'Monsoon Knit Slip-On · Tan, UK 8 × 1', 'Shoe Bag × 1']);
    expect(screen.getByText(/To pay on delivery/)).toHaveTextContent('To pay on delivery: ₹1,798');
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('confirms with the button and shows what the server answered', async () => {
    const confirmed = link(
      { events: [{ event: 'Confirmed by link', at: '2024-03-09T10:00:00Z' }] },
      {
        codConfirmation: 'confirmed',
      },
    );
    const { calls } = mockApi({
      [`GET /cod/${TOKEN}`]: ok(link()),
      [`POST /cod/${TOKEN}/confirm`]: ok(confirmed),
    });
    const { user } = renderApp(`/cod/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Thank you: your order is confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/cod/${TOKEN}/confirm`]);
  });

  it('cancels only after the shopper says yes, then only says it was cancelled', async () => {
    const cancelled = link({ answerable: false, message: 'This order was cancelled' }, { status: 'Cancelled' });
    const { calls } = mockApi({
      [`GET /cod/${TOKEN}`]: ok(link()),
      [`POST /cod/${TOKEN}/cancel`]: ok(cancelled),
    });
    const { user } = renderApp(`/cod/${TOKEN}`);
    vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const cancel = await screen.findByRole('button', { name: 'Cancel order' });
    await user.click(cancel);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(cancel);
    expect(await screen.findByText('This order was cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /order$/ })).not.toBeInTheDocument();
  });

  it("says why nothing can change after shipping, and a forged link's refusal", async () => {
    const shipped = 'This order has shipped, so it can no longer be changed here';
    mockApi({
      [`GET /cod/${TOKEN}`]: ok(link({ answerable: false, message: shipped }, { status: 'Shipped' })),
      'GET /cod/forged': { status: 404, body: { success: false, message: 'This link is not valid' } },
    });
    const first = renderApp(`/cod/${TOKEN}`);
    expect(await screen.findByText(shipped)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /order$/ })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/cod/forged');
    expect(await screen.findByText('This link is not valid', { selector: '.cod-message' })).toBeInTheDocument();
  });
});
