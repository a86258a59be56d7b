import { CouponsManager } from '@/features/admin/components/coupons-manager';

/** /admin/coupons. */
export function AdminCouponsRoute() {
  return (
    <section className="admin-section" aria-labelledby="admin-coupons-title">
      <title>Coupons · Paduka</title>
      <h1 id="admin-coupons-title">Coupons</h1>
      <CouponsManager />
    </section>
  );
}
