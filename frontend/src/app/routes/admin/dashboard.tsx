import { DashboardOverview } from '@/features/admin/components/dashboard-overview';

/** /admin and /admin/dashboard: the strip, then the shop's overview. */
export function AdminDashboardRoute() {
  return (
    <section className="admin-section" aria-labelledby="admin-dashboard-title">
      <title>Dashboard · Paduka</title>
      <h1 id="admin-dashboard-title">Overview</h1>
      <DashboardOverview />
    </section>
  );
}
