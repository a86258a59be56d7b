// Hand-written shapes of the returns calls (decisions section 16), until the server's OpenAPI
// document has them. Once it does, the coordinator replaces each type below with an alias of
// `api.gen.ts` in `types/api.ts` (as `Order` is) and deletes this file; every import of it names
// only these exports, so that swap touches no screen.

/** Why a pair comes back: the five reasons, in the order the form offers them. */
export const RETURN_REASONS = ['Too small', 'Too big', 'Damaged', 'Not as described', 'Changed my mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** What the shopper wants for a line: another size at the same price, or money back. */
export type ReturnKind = 'exchange' | 'refund';

/** A return's lifecycle: the road, and the two ends off it. */
export const RETURN_STATUSES = [
  'Requested',
  'Approved',
  'Picked up',
  'Received',
  'Completed',
  'Rejected',
  'Cancelled',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Where a refund went: the original payment, store credit, or a bank/UPI payout. */
export type RefundTo = 'original' | 'credit' | 'bank';

export type ReturnLine = {
  /** The index in the order's `products`. */
  line: number;
  productId: string;
  name: string;
  /** The size bought (its label), `null` when the product has none. */
  size: string | null;
  /** For an exchange, the size wanted; `null` otherwise. */
  newSize: string | null;
  quantity: number;
  reason: ReturnReason;
  kind: ReturnKind;
  /** Rupees (up to 2 decimals): the line's share of what the order cost. */
  amount: number;
};

export type ReturnEvent = { status: ReturnStatus; at: string; note: string | null };

export type Return = {
  _id: string;
  /** `RET-000001`. */
  number: string;
  orderId: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  /** Rupees (up to 2 decimals): the lines' amounts summed. */
  refundAmount: number;
  refundTo: RefundTo | null;
  /** `CN/26-27/000001` once refunded, else `null`. */
  creditNoteNo: string | null;
  createdAt: string;
  /** Oldest first. */
  events: ReturnEvent[];
};

/** `POST /return/request`. */
export type ReturnRequestBody = {
  orderId: string;
  lines: {
    line: number;
    quantity: number;
    reason: ReturnReason;
    kind: ReturnKind;
    /** For an exchange: the variant index wanted. */
    size?: number;
  }[];
};

/** `PUT /return/receive/{id}`. */
export type ReceiveBody = { qc: 'passed' | 'failed'; note?: string };
/** `PUT /return/complete/{id}`. */
export type CompleteBody = { refundTo?: RefundTo; reference?: string };

/** `GET /admin/stats` gains this (the last 90 days); a server without returns leaves it out. */
export type ReturnsStats = {
  byReason: { reason: ReturnReason; count: number }[];
  /** `rate`: returned over sold, 0 to 1. */
  bySize: { size: string; returned: number; sold: number; rate: number }[];
};
