import { SalesManager } from '@/features/admin/components/sales-manager';

/** /admin/sale. */
export function AdminSaleRoute() {
  return (
    <section className="admin-section" aria-labelledby="admin-sale-title">
      <title>Sale · Paduka</title>
      <h1 id="admin-sale-title">Sale</h1>
      <SalesManager />
    </section>
  );
}
