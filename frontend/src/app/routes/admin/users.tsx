import { AdminSection } from '@/features/admin/components/admin-section';
import { UsersManager } from '@/features/admin/components/users-manager';

/** /admin/users. */
export function AdminUsersRoute() {
  return (
    <AdminSection name="users" tabTitle="Users" heading="Users">
      <UsersManager />
    </AdminSection>
  );
}
