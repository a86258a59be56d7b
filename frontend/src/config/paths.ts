// The one route table. Components link with `paths.x.getHref(...)`; the router uses `paths.x.path`.

/** A page without parameters: the router's path is also its link. */
const page = (path: string) => ({ path, getHref: () => path });

/** A page with an id: `/prefix/:id`, linked as `/prefix/<id>`. */
const byId = (prefix: string) => ({
  path: `${prefix}/:id`,
  getHref: (id: string) => `${prefix}/${encodeURIComponent(id)}`,
});

/** The pages of a signed-in area: the router nests `segment` under `root`, links go to `root/segment`. */
const inArea = (root: string) => (segment: string) => ({ path: segment, getHref: () => `${root}/${segment}` });
const userPage = inArea('/user');
const adminPage = inArea('/admin');

export const paths = {
  home: page('/'),
  /** A product's page; in `color`, that colour picked (`?color=`, decisions D44). */
  product: {
    path: '/product/:id',
    getHref: (id: string, color?: string | null) =>
      `/product/${encodeURIComponent(id)}${color ? `?${new URLSearchParams({ color }).toString()}` : ''}`,
  },
  category: byId('/category'),
  aboutDev: page('/about-dev'),
  contact: page('/contact'),
  policy: page('/policy'),
  register: page('/register'),
  login: page('/login'),
  forgotPassword: page('/forgot-password'),
  user: {
    root: page('/user'),
    profile: userPage('profile'),
    orders: userPage('orders'),
    cart: userPage('cart'),
  },
  admin: {
    root: page('/admin'),
    dashboard: adminPage('dashboard'),
    products: adminPage('products'),
    users: adminPage('users'),
    orders: adminPage('orders'),
    sale: adminPage('sale'),
    categories: adminPage('categories'),
    coupons: adminPage('coupons'),
    returns: adminPage('returns'),
  },
  editOrder: byId('/edit-order'),
  /** The signed link of a cash-on-delivery order's mail (decisions D39): confirm or cancel it. */
  codLink: { path: '/cod/:token', getHref: (token: string) => `/cod/${encodeURIComponent(token)}` },
  /** The development outbox, only with `DEV_OUTBOX` (decisions D45). */
  devOutbox: page('/dev/outbox'),
  /** Every product matching `q` (the navbar's Enter), maybe in one size. */
  search: {
    path: '/search',
    getHref: (q: string, size?: string) => `/search?${new URLSearchParams(size ? { q, size } : { q }).toString()}`,
  },
} as const;
