import { discountedPaise } from '@/lib/pricing';
import type { Category, IndianState, Order, OrderActions, Product, Review, Sale, Shipment, User } from '@/types/api';

let seq = 0;

/**
 * A product as the API returns it, with overrides; without a `salePrice` override, each size
 * sells at its price less its discount, as the server prices one given so.
 */
export function productFixture(overrides: Partial<Product> = {}): Product {
  seq += 1;
  const product = {
    _id: `p${seq}`,
    product_id: `SKU-${seq}`,
    handle: `shoe-${seq}`,
    name: `Shoe ${seq}`,
    info: 'Comfortable everyday shoe',
    type: ['UK 7', 'UK 8', 'UK 9'],
    model: [],
    colors: [],
    color: ['', '', ''],
    description: ['Soft leather upper with a cushioned sole for all-day comfort.'],
    specifications: ['Leather upper'],
    material: 'Leather',
    tags: [],
    price: [1299, 1399, 1499],
    discount: [10, 15, 0],
    seller: 'admin',
    category: { _id: 'c1', name: 'Sneakers' },
    quantity: 20,
    shipping: true,
    published: true,
    otherphoto: [],
    ownSizeChart: null,
    hasPhoto: true,
    rating: 0,
    numReviews: 0,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
  const salePrice =
    overrides.salePrice ?? product.price.map((price, i) => discountedPaise(price, product.discount[i]) / 100);
  return { ...product, salePrice };
}

export const categoriesFixture: Category[] = [
  { _id: 'c1', name: 'Sneakers', image: '/media/c1' },
  { _id: 'c2', name: 'Sandals', image: '/media/c2' },
];

export const shopper: User = {
  _id: 'u1',
  name: 'Asha Verma',
  email: 'shopper@paduka.local',
  phone: '9876543210',
  address: '12 MG Road, Raipur',
  role: 0,
};

export const admin: User = { ...shopper, _id: 'u0', name: 'Admin', email: 'admin@paduka.local', role: 1 };

export function saleFixture(overrides: Partial<Sale> = {}): Sale {
  return {
    _id: 's1',
    name: 'Monsoon',
    start: new Date(Date.now() - 86_400_000).toISOString(),
    end: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
    discount: 20,
    ...overrides,
  };
}

export function reviewFixture(overrides: Partial<Review> = {}): Review {
  return {
    _id: `r${(seq += 1)}`,
    rating: 4,
    comment: 'Great fit',
    product: 'p1',
    user: { _id: 'u9', name: 'Ravi' },
    createdAt: '2024-05-01T10:00:00Z',
    updatedAt: '2024-05-01T10:00:00Z',
    ...overrides,
  };
}

/** A manual courier's shipment, handed over on 6 Mar 2024 at 3:30 pm India time. */
export function shipmentFixture(overrides: Partial<Shipment> = {}): Shipment {
  return {
    courier: 'Delhivery',
    awb: 'DLV-123456',
    trackingUrl: 'https://track.example/DLV-123456',
    shippedAt: '2024-03-06T10:00:00Z',
    expectedBy: '2024-03-09',
    deliveredAt: null,
    events: [],
    ...overrides,
  };
}

/** An action the server allows. */
export const ALLOWED = { allowed: true, reason: null } as const;

/** An action the server refuses, with its words. */
export const refused = (reason: string) => ({ allowed: false, reason });

/**
 * An order's `actions` as the server would answer them, with overrides: by default a pending
 * order paid online's (cancellable, shippable, nothing to mark paid, no return, no courier event,
 * any of the three statuses). A test that gives an order another status says what the server
 * allows it.
 */
export function actionsFixture(overrides: Partial<OrderActions> = {}): OrderActions {
  return {
    cancel: ALLOWED,
    ship: ALLOWED,
    markPaid: refused('Order is already paid'),
    returnUntil: null,
    returnable: [],
    events: [],
    statuses: ['Pending', 'Confirmed', 'Delivered'],
    ...overrides,
  };
}

/** What nothing may be done to: `reason` is why cancelling and shipping are refused. */
export const lockedActions = (reason: string, overrides: Partial<OrderActions> = {}): OrderActions =>
  actionsFixture({ cancel: refused(reason), ship: refused(reason), statuses: [], ...overrides });

/**
 * The `actions` the server answers for an order with the courier (`Shipped` or `Out for
 * delivery`): the four events and `Delivered` by hand.
 */
export const courierActions = (overrides: Partial<OrderActions> = {}): OrderActions =>
  lockedActions('Order has shipped', {
    events: ['Out for delivery', 'Delivered', 'Delivery failed', 'Returned to origin'],
    statuses: ['Delivered'],
    ...overrides,
  });

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
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
    ],
    user: { _id: 'u1', name: 'Asha Verma' },
    address: '12 MG Road, Raipur',
    pincode: '492001',
    amount: 2338,
    subtotal: 2338,
    discount: 0,
    prepaidDiscount: 0,
    codFee: 0,
    coupon: null,
    paymentId: 'pay_123',
    paymentMethod: 'online',
    paid: true,
    creditUsed: 0,
    status: 'Pending',
    createdAt: '2024-03-05T12:00:00Z',
    updatedAt: '2024-03-05T12:00:00Z',
    deliveryDays: 3,
    // An order from before invoices: no place of supply, no invoice.
    state: null,
    invoiceNo: null,
    whatsapp: false,
    codConfirmation: null,
    actions: actionsFixture(),
    ...overrides,
  };
}

/** `GET /delivery/states`: the 37 states and union territories GST knows, sorted by name. */
export const statesFixture: IndianState[] = [
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '18', name: 'Assam' },
  { code: '10', name: 'Bihar' },
  { code: '04', name: 'Chandigarh' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '07', name: 'Delhi' },
  { code: '30', name: 'Goa' },
  { code: '24', name: 'Gujarat' },
  { code: '06', name: 'Haryana' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '20', name: 'Jharkhand' },
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
  { code: '38', name: 'Ladakh' },
  { code: '31', name: 'Lakshadweep' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '27', name: 'Maharashtra' },
  { code: '14', name: 'Manipur' },
  { code: '17', name: 'Meghalaya' },
  { code: '15', name: 'Mizoram' },
  { code: '13', name: 'Nagaland' },
  { code: '21', name: 'Odisha' },
  { code: '97', name: 'Other Territory' },
  { code: '34', name: 'Puducherry' },
  { code: '03', name: 'Punjab' },
  { code: '08', name: 'Rajasthan' },
  { code: '11', name: 'Sikkim' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '36', name: 'Telangana' },
  { code: '16', name: 'Tripura' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '19', name: 'West Bengal' },
];

/** Sign in without the login screen. */
export function sessionFor(user: User) {
  return { user, token: `token-${user._id}`, _id: user._id };
}
