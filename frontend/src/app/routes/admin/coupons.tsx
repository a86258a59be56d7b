import { AdminSection } from '@/features/admin/components/admin-section';
import { CouponsManager } from '@/features/admin/components/coupons-manager';

/** /admin/coupons. */
export function AdminCouponsRoute() {
  return (
    <AdminSection name="coupons" tabTitle="Coupons" heading="Coupons">
      <CouponsManager />
    </AdminSection>
  );
}
