import { AdminSection } from '@/features/admin/components/admin-section';
import { DashboardOverview } from '@/features/admin/components/dashboard-overview';

/** /admin and /admin/dashboard: the strip, then the shop's overview. */
export function AdminDashboardRoute() {
  return (
    <AdminSection name="dashboard" tabTitle="Dashboard" heading="Overview">
      <DashboardOverview />
    </AdminSection>
  );
}
