import type { Order } from '@/types/api';
import { statesFixture } from './data';
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
 * and D16): 400 for anything but six digits, `deliverable` for the served pincodes, and the
 * `state` the pincode's first digits belong to (`null` when unknown).
 */
export function deliveryRoutes(deliverable: string[] = DELIVERABLE_PINCODES) {
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
