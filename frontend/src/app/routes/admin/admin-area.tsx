import { Outlet } from 'react-router';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import '@/features/admin/components/admin.css';
import '@/features/admin/components/shipping.css';
import '@/features/admin/components/returns.css';

/** /admin: guarded by the server's admin check; every screen shows the strip. */
export function AdminAreaRoute() {
  return (
    <AuthGuard area="admin">
      <div className="container page admin-page">
        <AdminNav />
        <Outlet />
      </div>
    </AuthGuard>
  );
}
