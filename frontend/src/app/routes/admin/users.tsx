import { UsersManager } from '@/features/admin/components/users-manager';

/** /admin/users. */
export function AdminUsersRoute() {
  return (
    <section className="admin-section" aria-labelledby="admin-users-title">
      <title>Users · Paduka</title>
      <h1 id="admin-users-title">Users</h1>
      <UsersManager />
    </section>
  );
}
