import { Outlet } from 'react-router';
import { AuthGuard } from '@/features/auth/components/auth-guard';

/** /user: profile, orders and cart, for a token the server accepts. */
export function UserAreaRoute() {
  return (
    <AuthGuard area="user">
      <Outlet />
    </AuthGuard>
  );
}
