import type { Order, OrderActions } from '@/types/api';
import { courierActions, statesFixture } from './data';
import { fileReply, type MockReply, type MockRequest } from './mock-api';

/** The spec's deliverable pincodes, the server's default. */
export const DELIVERABLE_PINCODES = ['281001', '492010', '281204', '492001'];

/** A few of the server's pincode prefixes (its table has them all), longest first. */
const PINCODE_STATES: [string, string][] = [
  ['11', 'Delhi'],
  ['28', 'Uttar Pradesh'],
  ['40', 'Maharashtra'],
  ['41', 'Maharashtra'],
  ['49', 'Chhattisgarh'],
  ['56', 'Karnataka'],
];

const stateOf = (pincode: string) => PINCODE_STATES.find(([prefix]) => pincode.startsWith(prefix))?.[1] ?? null;

/**
 * `GET /delivery/states` and `GET /delivery/{pincode}` as the server answers them (decisions D5
 * and D16): 400 for anything but six digits, `deliverable` for the served pincodes, the `state`
 * the pincode's first digits belong to (`null` when unknown), `cod` and, when given, the
 * `estimate`.
 */
export function deliveryRoutes(
  deliverable: string[] = DELIVERABLE_PINCODES,
  /** `estimate` for a served pincode (decisions section 15); left out when not given. */
  estimate?: { from: string; to: string; source: 'table' | 'courier' },
  /** Served pincodes whose area has cash on delivery off (`cod: false`, decisions D38). */
  codOff: string[] = [],
) {
  return {
    'GET /delivery/states': { body: { success: true, states: statesFixture } },
    'GET /delivery/:pincode': ({ path }: MockRequest): MockReply => {
      const pincode = decodeURIComponent(path.split('/').pop() ?? '');
      if (!/^\d{6}$/.test(pincode)) {
        return { status: 400, body: { success: false, message: 'Enter a valid 6-digit Pincode' } };
      }
      const ok = deliverable.includes(pincode);
      return {
        body: {
          success: true,
          deliverable: ok,
          message: ok ? 'Delivery available at this pincode' : 'Delivery unavailable',
          state: stateOf(pincode),
          cod: ok && !codOff.includes(pincode),
          ...(estimate ? { estimate: ok ? estimate : null } : {}),
        },
      };
    },
  };
}

/** A stand-in for an invoice PDF's bytes. */
export const INVOICE_PDF = '%PDF-1.7\n% Paduka tax invoice\n%%EOF\n';

/**
 * `GET /order/invoice/{id}` as the server answers the orders in `orders()`: the PDF named after
 * the invoice number, 404 `Order not found` or `No invoice for this order`.
 */
export function invoiceRoute(orders: () => Order[]) {
  return ({ path }: MockRequest): MockReply => {
    const id = decodeURIComponent(path.split('/').pop() ?? '');
    const order = orders().find((o) => o._id === id);
    if (!order) return { status: 404, body: { success: false, message: 'Order not found' } };
    if (!order.invoiceNo) return { status: 404, body: { success: false, message: 'No invoice for this order' } };
    return fileReply({
      content: INVOICE_PDF,
      type: 'application/pdf',
      filename: `invoice-${order.invoiceNo.replaceAll('/', '-')}.pdf`,
    });
  };
}

/** The stand-in for a packing slip's bytes. */
export const PACKING_SLIP_PDF = '%PDF-1.7\n% Paduka packing slip\n%%EOF\n';

/**
 * What a shipping call answers for an order, as the test gives it (the fake decides nothing): the
 * order as it then is (its status, its `actions` and, for a delivery, when it was delivered), or
 * the server's 409 words (nothing stored).
 */
export type ShippingReply =
  { status: Order['status']; actions: OrderActions; deliveredAt?: string } | { refuse: string };

/** Booking a courier, unless a test says otherwise: `Shipped`, in the courier's hands. */
export const SHIPPED: ShippingReply = { status: 'Shipped', actions: courierActions() };

/**
 * The shipping calls (decisions section 15) over a mutable list of orders, storing what is sent
 * and answering what the test gives: `POST /shipment/create/{id}` (400 for a missing or malformed
 * courier or AWB, else `ship(id)`'s reply: 201 with the shipment sent, or its 409),
 * `POST /shipment/event/{id}` (the next of `events`, in turn: 200 with the event stored, or its
 * 409) and `GET /shipment/label/{id}`. `hold`, when given, is awaited before each create answers
 * (to see progress on screen).
 */
export function shippingRoutes(
  store: { orders: Order[] },
  {
    hold,
    now = () => '2024-03-06T10:00:00Z',
    ship = () => SHIPPED,
    events = [],
  }: {
    hold?: (id: string) => Promise<void>;
    now?: () => string;
    ship?: (id: string) => ShippingReply;
    events?: ShippingReply[];
  } = {},
) {
  const idOf = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');
  const find = (id: string) => store.orders.find((o) => o._id === id);
  const save = (order: Order) => {
    store.orders = store.orders.map((o) => (o._id === order._id ? order : o));
    return order;
  };
  const refuse = (status: number, message: string): MockReply => ({ status, body: { success: false, message } });
  const replies = [...events];
  return {
    'POST /shipment/create/:id': async ({ path, body }: MockRequest): Promise<MockReply> => {
      const id = idOf(path);
      await hold?.(id);
      const order = find(id);
      if (!order) return refuse(404, 'Order not found');
      const { courier, awb, trackingUrl } = (body ?? {}) as { courier?: string; awb?: string; trackingUrl?: string };
      if (!courier || !awb) return refuse(400, 'Courier and AWB are required');
      if (!/^[A-Za-z0-9-]{4,40}$/.test(awb)) return refuse(400, 'Invalid AWB');
      if (trackingUrl && !/^https?:\/\//.test(trackingUrl))
        return refuse(400, 'Tracking URL must be an http or https address');
      const reply = ship(id);
      if ('refuse' in reply) return refuse(409, reply.refuse);
      const shipped = save({
        ...order,
        status: reply.status,
        actions: reply.actions,
        shipment: {
          courier,
          awb,
          trackingUrl: trackingUrl ?? null,
          shippedAt: now(),
          expectedBy: null,
          deliveredAt: null,
          events: [],
        },
      });
      return { status: 201, body: { success: true, message: 'Order shipped', order: shipped } };
    },
    'POST /shipment/event/:id': ({ path, body }: MockRequest): MockReply => {
      const order = find(idOf(path));
      if (!order) return refuse(404, 'Order not found');
      const reply = replies.shift();
      if (!reply) throw new Error(`No reply given for a courier event on ${order._id}`);
      if ('refuse' in reply) return refuse(409, reply.refuse);
      const { status, note } = (body ?? {}) as { status: string; note?: string };
      const event = { status, at: now(), location: null, note: note ?? null };
      const next: Order = {
        ...order,
        status: reply.status,
        actions: reply.actions,
        shipment: order.shipment && {
          ...order.shipment,
          deliveredAt: reply.deliveredAt ?? order.shipment.deliveredAt,
          events: [...order.shipment.events, event],
        },
      };
      return { body: { success: true, message: 'Event recorded', order: save(next) } };
    },
    'GET /shipment/label/:id': ({ path }: MockRequest): MockReply => {
      const order = find(idOf(path));
      if (!order) return refuse(404, 'Order not found');
      if (!order.shipment) return refuse(409, 'Order has not shipped');
      return fileReply({
        content: PACKING_SLIP_PDF,
        type: 'application/pdf',
        filename: `packing-slip-${order._id}.pdf`,
      });
    },
  };
}
