// Shapes of the /api/v1 contract (docs: shared/spec/decisions.md, section 3).

export type Id = string;

export type CategoryRef = { _id: Id; name: string };

export type Product = {
  _id: Id;
  product_id?: string;
  name: string;
  info?: string;
  type: string[];
  model: string[];
  description: string[];
  specifications: string[];
  material?: string;
  tags: string[];
  /** Rupees per variant (may carry paise fractions). */
  price: number[];
  /** Whole percent per variant. */
  discount: number[];
  seller?: Id;
  category: CategoryRef | null;
  /** Stock: the total, or the pool when `stock` is null. */
  quantity: number;
  /** Stock per variant (size), in `price` order; `null` (or absent) for one pool in `quantity`. */
  stock?: number[] | null;
  /** HSN code for tax invoices; null: the shop's default. */
  hsn?: string | null;
  shipping?: boolean | string | number;
  otherphoto: string[];
  hasPhoto?: boolean;
  /** Changes with the photo; put in photo URLs (`v`) so they may be cached for a year. `null` without a photo. */
  photoVersion?: string | null;
  rating?: number;
  numReviews?: number;
  createdAt?: string;
  updatedAt?: string;
};

export type Category = { _id: Id; name: string; image: string };

export type Sale = { _id: Id; name: string; start: string; end: string; discount: number };

export type Review = {
  _id: Id;
  rating: number;
  comment: string;
  user: { _id: Id; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type User = {
  _id: Id;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
};

export type OrderStatus = 'Pending' | 'Confirmed' | 'Delivered' | 'Cancelled';

/** Decisions 11: paid online when ordering, or in cash when the order arrives. */
export type PaymentMethod = 'online' | 'cod';

export type OrderLine = {
  _id: Id;
  name: string;
  photo?: string;
  category: { name: string } | null;
  type?: string;
  /** Unit price in rupees before `discount`. */
  price: number;
  discount: number;
  quantity: number;
};

export type Order = {
  _id: Id;
  products: OrderLine[];
  user: { _id: Id; name: string } | Id | null;
  address: string;
  pincode?: string;
  /** Whole rupees paid (after the coupon). */
  amount: number;
  /** Whole rupees before the coupon. */
  subtotal?: number;
  /** Whole rupees the coupon took off (0 without one). */
  discount?: number;
  /** The coupon's code, or null. */
  coupon?: string | null;
  /** The provider's payment id; `null` for a cash on delivery order until it is paid. */
  paymentId: string | null;
  /** How the shopper pays (absent on replies older than cash on delivery: online). */
  paymentMethod?: PaymentMethod;
  /** Whether the money is in; always true for online orders. */
  paid?: boolean;
  status: OrderStatus;
  createdAt: string;
  deliveryDays?: number;
  /**
   * The place of supply (decisions 11): a state or union territory name such as `Karnataka`,
   * chosen at checkout or worked out from the pincode; `null` on orders older than invoices.
   */
  state?: string | null;
  /** The GST invoice's number, e.g. `PDK/2026-27/000001`; `null` on orders older than invoices. */
  invoiceNo?: string | null;
};

/** A state or union territory of `GET /delivery/states`: its GST state code (`29`) and name (`Karnataka`). */
export type IndianState = { code: string; name: string };

/** One status an order took; `by` is told to admins only, `null` when the shop set it. */
export type StatusChange = { status: OrderStatus; at: string; by: string | null };

/** `GET /order/get-order/{id}`: the order and its history, oldest first. */
export type OrderWithHistory = { order: Order; history: StatusChange[] };

/** Orders and whole rupees over a span; cancelled orders count in neither. */
export type Totals = { orders: number; revenue: number };

/** `GET /admin/stats`: days are India days, `revenueByDay` holds 30 of them, oldest first. */
export type AdminStats = {
  today: Totals;
  last30Days: Totals;
  revenueByDay: ({ date: string } & Totals)[];
  pendingOrders: number;
  /** `size` is the variant's label, or null for a pooled product. */
  lowStock: { _id: Id; name: string; size: string | null; quantity: number }[];
  /** Unpaid cash on delivery orders not cancelled, and their whole rupees. */
  toCollect?: { orders: number; amount: number };
};

export type CouponKind = 'percent' | 'amount';

/** Decisions 10: `value` is a percent (1..90) or whole rupees off; dates are ISO instants. */
export type Coupon = {
  _id: Id;
  code: string;
  kind: CouponKind;
  value: number;
  /** Whole rupees. */
  minOrder: number;
  start: string;
  end: string;
  /** `null`: no limit. */
  maxUses: number | null;
  maxUsesPerUser: number | null;
  /** Orders (not cancelled) that used it. */
  used: number;
  createdAt: string;
};

/** `POST /coupon/apply`: whole rupees before and after the coupon. */
export type CouponQuote = { code: string; subtotal: number; discount: number; amount: number };

/** Every success reply carries `success: true`; failures are turned into `ApiError`. */
export type Ok<T> = { success: true; message?: string } & T;
