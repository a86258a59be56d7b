import { AdminSection } from '@/features/admin/components/admin-section';
import { SalesManager } from '@/features/admin/components/sales-manager';

/** /admin/sale. */
export function AdminSaleRoute() {
  return (
    <AdminSection name="sale" tabTitle="Sale" heading="Sale">
      <SalesManager />
    </AdminSection>
  );
}
