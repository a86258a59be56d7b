import { AdminSection } from '@/features/admin/components/admin-section';
import { ReturnsTable } from '@/features/admin/components/returns-table';

/** /admin/returns (decisions section 16). */
export function AdminReturnsRoute() {
  return (
    <AdminSection name="returns" tabTitle="Returns" heading="Returns">
      <ReturnsTable />
    </AdminSection>
  );
}
