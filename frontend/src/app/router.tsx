import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout';
import { ErrorPage } from './routes/error-page';
import { HomeRoute } from './routes/home';
import {
  AboutDevRoute,
  AdminAreaRoute,
  AdminCategoriesRoute,
  AdminCouponsRoute,
  AdminDashboardRoute,
  AdminOrdersRoute,
  AdminProductsRoute,
  AdminReturnsRoute,
  AdminSaleRoute,
  AdminUsersRoute,
  CartRoute,
  CodRoute,
  CategoryRoute,
  DevOutboxRoute,
  ContactRoute,
  EditOrderRoute,
  ForgotPasswordRoute,
  LoginRoute,
  OrdersRoute,
  PolicyRoute,
  ProductRoute,
  ProfileRoute,
  RegisterRoute,
  SearchRoute,
  UserAreaRoute,
} from './routes/lazy-routes';
import { NotFoundRoute } from './routes/not-found';

/** Home is in the main bundle; every other screen loads on first visit (see routes/lazy-routes.ts). */

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.product.path, element: <ProductRoute /> },
      { path: paths.category.path, element: <CategoryRoute /> },
      { path: paths.search.path, element: <SearchRoute /> },
      { path: paths.aboutDev.path, element: <AboutDevRoute /> },
      { path: paths.contact.path, element: <ContactRoute /> },
      { path: paths.policy.path, element: <PolicyRoute /> },
      { path: paths.register.path, element: <RegisterRoute /> },
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
      {
        path: paths.user.root.path,
        element: <UserAreaRoute />,
        children: [
          { path: paths.user.profile.path, element: <ProfileRoute /> },
          { path: paths.user.orders.path, element: <OrdersRoute /> },
          { path: paths.user.cart.path, element: <CartRoute /> },
        ],
      },
      {
        path: paths.admin.root.path,
        element: <AdminAreaRoute />,
        children: [
          { index: true, element: <AdminDashboardRoute /> },
          { path: paths.admin.dashboard.path, element: <AdminDashboardRoute /> },
          { path: paths.admin.products.path, element: <AdminProductsRoute /> },
          { path: paths.admin.users.path, element: <AdminUsersRoute /> },
          { path: paths.admin.orders.path, element: <AdminOrdersRoute /> },
          { path: paths.admin.sale.path, element: <AdminSaleRoute /> },
          { path: paths.admin.categories.path, element: <AdminCategoriesRoute /> },
          { path: paths.admin.coupons.path, element: <AdminCouponsRoute /> },
          { path: paths.admin.returns.path, element: <AdminReturnsRoute /> },
        ],
      },
      { path: paths.editOrder.path, element: <EditOrderRoute /> },
      { path: paths.codLink.path, element: <CodRoute /> },
      { path: paths.devOutbox.path, element: <DevOutboxRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The browser router for the app (tests build memory routers from `routes`). */
export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
