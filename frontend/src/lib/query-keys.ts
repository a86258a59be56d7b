// Every react-query key in one place. Mutations invalidate through these.

export const queryKeys = {
  products: {
    all: ['products'] as const,
    list: () => [...queryKeys.products.all, 'list'] as const,
    pages: (query: object) => [...queryKeys.products.all, 'pages', query] as const,
    featured: () => [...queryKeys.products.all, 'featured'] as const,
    detail: (id: string) => [...queryKeys.products.all, 'detail', id] as const,
    reviews: (id: string) => [...queryKeys.products.all, 'reviews', id] as const,
  },
  categories: {
    all: ['categories'] as const,
  },
  sales: {
    all: ['sales'] as const,
  },
  coupons: {
    all: ['coupons'] as const,
  },
  cart: {
    /** The cart's lines and coupon code as `POST /cart/quote` is asked them. */
    quote: (linesKey: string, coupon: string) => ['cart', 'quote', linesKey, coupon] as const,
  },
  delivery: {
    check: (pincode: string) => ['delivery', pincode] as const,
    /** Never a pincode (six digits). */
    states: () => ['delivery', 'states'] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: (userId: string) => [...queryKeys.orders.all, 'mine', userId] as const,
    admin: () => [...queryKeys.orders.all, 'admin'] as const,
    detail: (id: string) => [...queryKeys.orders.all, 'detail', id] as const,
  },
  /** The order a COD link's token names (decisions D39). */
  codLink: (token: string) => ['cod-link', token] as const,
  /** The development outbox's mails and messages (decisions D45). */
  devOutbox: () => ['dev-outbox'] as const,
  returns: {
    all: ['returns'] as const,
    mine: (userId: string) => [...queryKeys.returns.all, 'mine', userId] as const,
    /** `status`: '' for every return. */
    admin: (status: string) => [...queryKeys.returns.all, 'admin', status] as const,
  },
  credit: {
    all: ['credit'] as const,
    mine: (userId: string) => [...queryKeys.credit.all, 'mine', userId] as const,
  },
  users: {
    all: ['users'] as const,
    list: () => [...queryKeys.users.all, 'list'] as const,
    sellers: () => [...queryKeys.users.all, 'sellers'] as const,
  },
  admin: {
    stats: () => ['admin', 'stats'] as const,
    searchMisses: () => ['admin', 'search-misses'] as const,
  },
  auth: {
    user: (token: string) => ['auth', 'user-auth', token] as const,
    admin: (token: string) => ['auth', 'admin-auth', token] as const,
  },
} as const;
