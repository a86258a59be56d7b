import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadProductRoute } from './preload';

/** A route loaded on first visit, and `preload`: its code fetched ahead. */
type LazyRoute = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy for a named export. Once `preload` has brought the code, the route renders at once
 * instead of suspending first: a page the server drew is then replaced by the same page, never by
 * the loading spinner (decisions D29).
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyRoute {
  let loaded: ComponentType | undefined;
  const bring = async () => {
    loaded = (await load())[name] as ComponentType;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: loaded ?? (await bring()) }));
  // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
  // remount the page and lose its state.
  const Route = () => {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  };
  return Object.assign(Route, { preload: async () => void (await bring()) });
}

export const ProductRoute = lazyNamed(loadProductRoute, 'ProductRoute');
export const CategoryRoute = lazyNamed(() => import('./category'), 'CategoryRoute');
export const SearchRoute = lazyNamed(() => import('./search'), 'SearchRoute');
export const AboutDevRoute = lazyNamed(() => import('./about-dev'), 'AboutDevRoute');
export const ContactRoute = lazyNamed(() => import('./contact'), 'ContactRoute');
export const PolicyRoute = lazyNamed(() => import('./policy'), 'PolicyRoute');
export const RegisterRoute = lazyNamed(() => import('./register'), 'RegisterRoute');
export const LoginRoute = lazyNamed(() => import('./login'), 'LoginRoute');
export const ForgotPasswordRoute = lazyNamed(() => import('./forgot-password'), 'ForgotPasswordRoute');
export const UserAreaRoute = lazyNamed(() => import('./user/user-area'), 'UserAreaRoute');
export const ProfileRoute = lazyNamed(() => import('./user/profile'), 'ProfileRoute');
export const OrdersRoute = lazyNamed(() => import('./user/orders'), 'OrdersRoute');
export const CartRoute = lazyNamed(() => import('./user/cart'), 'CartRoute');
export const AdminAreaRoute = lazyNamed(() => import('./admin/admin-area'), 'AdminAreaRoute');
export const AdminDashboardRoute = lazyNamed(() => import('./admin/dashboard'), 'AdminDashboardRoute');
export const AdminOrdersRoute = lazyNamed(() => import('./admin/orders'), 'AdminOrdersRoute');
export const EditOrderRoute = lazyNamed(() => import('./admin/edit-order'), 'EditOrderRoute');
export const AdminProductsRoute = lazyNamed(() => import('./admin/products'), 'AdminProductsRoute');
export const AdminCategoriesRoute = lazyNamed(() => import('./admin/categories'), 'AdminCategoriesRoute');
export const AdminSaleRoute = lazyNamed(() => import('./admin/sale'), 'AdminSaleRoute');
export const AdminCouponsRoute = lazyNamed(() => import('./admin/coupons'), 'AdminCouponsRoute');
export const AdminReturnsRoute = lazyNamed(() => import('./admin/returns'), 'AdminReturnsRoute');
export const AdminUsersRoute = lazyNamed(() => import('./admin/users'), 'AdminUsersRoute');
export const CodRoute = lazyNamed(() => import('./cod'), 'CodRoute');
export const DevOutboxRoute = lazyNamed(() => import('./dev-outbox'), 'DevOutboxRoute');

/** The code of the page at `path` when it is loaded on first visit (the server draws these pages). */
export function preloadRouteOf(path: string): Promise<void> {
  if (/^\/category\/[^/]+$/.test(path)) return CategoryRoute.preload();
  if (/^\/product\/[^/]+$/.test(path)) return ProductRoute.preload();
  if (path === '/search') return SearchRoute.preload();
  return Promise.resolve();
}
