import { OrdersTable } from '@/features/admin/components/orders-table';

/** /admin/orders. */
export function AdminOrdersRoute() {
  return (
    <section className="admin-section" aria-labelledby="admin-orders-title">
      <title>Orders · Paduka</title>
      <h1 id="admin-orders-title">Orders</h1>
      <OrdersTable />
    </section>
  );
}
