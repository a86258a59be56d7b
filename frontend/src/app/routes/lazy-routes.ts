import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadProductRoute } from './preload';

/** React.lazy for a named export. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
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
