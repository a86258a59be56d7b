// The one route table. Components link with `paths.x.getHref(...)`; the router uses `paths.x.path`.

export const paths = {
  home: { path: '/', getHref: () => '/' },
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encodeURIComponent(id)}` },
  category: { path: '/category/:id', getHref: (id: string) => `/category/${encodeURIComponent(id)}` },
  aboutDev: { path: '/about-dev', getHref: () => '/about-dev' },
  contact: { path: '/contact', getHref: () => '/contact' },
  policy: { path: '/policy', getHref: () => '/policy' },
  register: { path: '/register', getHref: () => '/register' },
  login: { path: '/login', getHref: () => '/login' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  user: {
    root: { path: '/user', getHref: () => '/user' },
    profile: { path: 'profile', getHref: () => '/user/profile' },
    orders: { path: 'orders', getHref: () => '/user/orders' },
    cart: { path: 'cart', getHref: () => '/user/cart' },
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    dashboard: { path: 'dashboard', getHref: () => '/admin/dashboard' },
    products: { path: 'products', getHref: () => '/admin/products' },
    users: { path: 'users', getHref: () => '/admin/users' },
    orders: { path: 'orders', getHref: () => '/admin/orders' },
    sale: { path: 'sale', getHref: () => '/admin/sale' },
    categories: { path: 'categories', getHref: () => '/admin/categories' },
    coupons: { path: 'coupons', getHref: () => '/admin/coupons' },
  },
  editOrder: { path: '/edit-order/:id', getHref: (id: string) => `/edit-order/${encodeURIComponent(id)}` },
} as const;
