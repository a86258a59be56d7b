import { screen, within } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { admin, sessionFor } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { DevOutbox } from '@/types/api';

// The development outbox (decisions D45): what the shop would have sent, with working buttons.

afterEach(() => vi.restoreAllMocks());

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /auth/admin-auth': { body: { ok: true } },
};

const outbox: DevOutbox = {
  messages: [
    {
      id: 'm1',
      orderId: 'o1',
      kind: 'cod_confirm',
      to: '919876543210',
      status: 'sent',
      error: null,
      text: 'Hi Asha, please confirm your cash on delivery order 0ABC1234 for ₹1,299 from Paduka.',
      buttons: [
        { title: 'Confirm', payload: 'COD_CONFIRM:o1', path: null },
        { title: 'Cancel', payload: 'COD_CANCEL:o1', path: null },
      ],
      createdAt: '2026-11-29T10:00:00.000Z',
    },
  ],
  mails: [
    {
      id: 'mail-1',
      to: 'asha@example.com',
      subject: 'Your Paduka order o1 is placed',
      sentAt: '2026-11-29T10:00:00.000Z',
      text: 'Confirm or cancel it here: http://127.0.0.1:8080/cod/o1.abc',
      attachments: ['invoice-PDK-1.pdf'],
    },
  ],
};

describe('the development outbox', () => {
  it("shows the messages as the buyer reads them and the mails' text, to an admin", async () => {
    mockApi({ ...base, 'GET /dev/outbox': { body: { success: true, ...outbox } } });
    useAuthStore.getState().setSession(sessionFor(admin));
    const { user } = renderApp('/dev/outbox');
    const message = await screen.findByRole('listitem', { name: 'WhatsApp cod_confirm to +919876543210' });
    expect(message).toHaveTextContent('please confirm your cash on delivery order 0ABC1234 for ₹1,299');
    expect(within(message).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await user.click(screen.getByText('Your Paduka order o1 is placed'));
    expect(screen.getByText(/Confirm or cancel it here/)).toBeVisible();
    expect(screen.getByText('Attached: invoice-PDK-1.pdf')).toBeInTheDocument();
  });

  it("sends a tapped button as the message's reply and says what the server answered", async () => {
    const { calls } = mockApi({
      ...base,
      'GET /dev/outbox': { body: { success: true, ...outbox } },
      'POST /dev/outbox/whatsapp/m1/reply': { body: { success: true, message: "Taken as the buyer's reply" } },
    });
    useAuthStore.getState().setSession(sessionFor(admin));
    const { user } = renderApp('/dev/outbox');
    const message = await screen.findByRole('listitem', { name: 'WhatsApp cod_confirm to +919876543210' });
    await user.click(within(message).getByRole('button', { name: 'Cancel' }));
    expect(await within(message).findByRole('status')).toHaveTextContent("Taken as the buyer's reply");
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => [c.path, c.body])).toEqual([
      ['/dev/outbox/whatsapp/m1/reply', { payload: 'COD_CANCEL:o1' }],
    ]);
  });

  it('is Page Not Found on a shop without DEV_OUTBOX', async () => {
    mockApi({ ...base, 'GET /dev/outbox': { status: 404, body: { success: false, message: 'Not found' } } });
    useAuthStore.getState().setSession(sessionFor(admin));
    renderApp('/dev/outbox');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
