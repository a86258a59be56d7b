import { AdminSection } from '@/features/admin/components/admin-section';
import { OrdersTable } from '@/features/admin/components/orders-table';

/** /admin/orders. */
export function AdminOrdersRoute() {
  return (
    <AdminSection name="orders" tabTitle="Orders" heading="Orders">
      <OrdersTable />
    </AdminSection>
  );
}
