// The server bundle's stand-in for lazy-routes.ts (vite.ssr.config.ts swaps it in when
// SSR_SLIM is set): the routes the server draws are the app's own; every other route is never
// drawn on the server, so its code stays out of the bundle (the admin's charts, checkout...).
import { createElement, type ComponentType } from 'react';
import { loadProductRoute } from './preload';

type LazyRoute = ComponentType & { preload: () => Promise<void> };

function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyRoute {
  let loaded: ComponentType | undefined;
  const Route = () => {
    if (!loaded) throw new Error(`route ${String(name)} not loaded`);
    return createElement(loaded);
  };
  return Object.assign(Route, {
    preload: async () => {
      loaded = (await load())[name] as ComponentType;
    },
  });
}

/** A route the server does not draw: rendering it fails, and the host falls back. */
function notDrawn(name: string): LazyRoute {
  const Route = () => {
    throw new Error(`route ${name} is not drawn on the server`);
  };
  return Object.assign(Route, { preload: async () => {} });
}

export const ProductRoute = lazyNamed(loadProductRoute, 'ProductRoute');
export const CategoryRoute = lazyNamed(() => import('./category'), 'CategoryRoute');
export const SearchRoute = lazyNamed(() => import('./search'), 'SearchRoute');
export const AboutDevRoute = notDrawn('AboutDevRoute');
export const ContactRoute = notDrawn('ContactRoute');
export const PolicyRoute = notDrawn('PolicyRoute');
export const RegisterRoute = notDrawn('RegisterRoute');
export const LoginRoute = notDrawn('LoginRoute');
export const ForgotPasswordRoute = notDrawn('ForgotPasswordRoute');
export const UserAreaRoute = notDrawn('UserAreaRoute');
export const ProfileRoute = notDrawn('ProfileRoute');
export const OrdersRoute = notDrawn('OrdersRoute');
export const CartRoute = notDrawn('CartRoute');
export const AdminAreaRoute = notDrawn('AdminAreaRoute');
export const AdminDashboardRoute = notDrawn('AdminDashboardRoute');
export const AdminOrdersRoute = notDrawn('AdminOrdersRoute');
export const EditOrderRoute = notDrawn('EditOrderRoute');
export const AdminProductsRoute = notDrawn('AdminProductsRoute');
export const AdminCategoriesRoute = notDrawn('AdminCategoriesRoute');
export const AdminSaleRoute = notDrawn('AdminSaleRoute');
export const AdminCouponsRoute = notDrawn('AdminCouponsRoute');
export const AdminReturnsRoute = notDrawn('AdminReturnsRoute');
export const AdminUsersRoute = notDrawn('AdminUsersRoute');
export const CodRoute = notDrawn('CodRoute');
export const DevOutboxRoute = notDrawn('DevOutboxRoute');

export function preloadRouteOf(): Promise<void> {
  return Promise.resolve();
}
