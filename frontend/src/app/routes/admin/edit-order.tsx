import { useParams } from 'react-router';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { OrderDetail } from '@/features/admin/components/order-detail';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import '@/features/admin/components/admin.css';
import '@/features/admin/components/shipping.css';

/** /edit-order/{id}: guarded like /admin, with the strip. */
export function EditOrderRoute() {
  const { id = '' } = useParams();
  return (
    <AuthGuard area="admin">
      <div className="container page admin-page">
        <title>Edit order · Paduka</title>
        <AdminNav />
        <OrderDetail id={id} />
      </div>
    </AuthGuard>
  );
}
