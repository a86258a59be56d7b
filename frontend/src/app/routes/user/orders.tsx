import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import '@/features/orders/components/orders.css';
import { useMyReturns } from '@/features/returns/api/get-my-returns';
import { returnsOfOrder } from '@/features/returns/utils/returnable';
import '@/features/returns/components/returns.css';
import { OrderWithReturns } from './order-with-returns';

export function OrdersRoute() {
  const userId = useAuthStore((s) => s._id || s.user?._id || '');
  const orders = useMyOrders(userId);
  const returns = useMyReturns(userId);

  return (
    <div className="container page page-narrow" style={{ maxWidth: 900 }}>
      <title>My orders · Paduka</title>
      <h1>My Orders</h1>
      {orders.isPending ? (
        <div className="stack" aria-hidden="true">
          <Skeleton height={220} />
          <Skeleton height={220} />
        </div>
      ) : orders.isError ? (
        <div className="notice notice-danger" role="alert">
          <p>We could not load your orders.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : orders.data.length === 0 ? (
        <div className="notice">
          <p>You have not placed any orders yet.</p>
          <Link to={paths.home.getHref()} className="btn btn-primary">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="orders-list">
          {orders.data.map((order) => (
            <li key={order._id}>
              <OrderWithReturns order={order} returns={returns.data && returnsOfOrder(returns.data, order._id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
