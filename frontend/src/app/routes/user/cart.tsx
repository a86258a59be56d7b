import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { CART_SPINNER_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useStoreCredit } from '@/features/account/api/get-credit';
import { selectIsLoggedIn, useAuthStore } from '@/features/auth/stores/auth-store';
import { useProductsById } from '@/features/catalog/api/get-product';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { cartAmountRupees, selectItemCount, useCartStore } from '@/features/cart/stores/cart-store';
import { CouponBox } from '@/features/checkout/components/coupon-box';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { useCoupon } from '@/features/checkout/hooks/use-coupon';
import { formatCount } from '@/lib/format';
import '@/features/cart/components/cart.css';

export function CartRoute() {
  const [waiting, setWaiting] = useState(true);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const savedAddress = useAuthStore((s) => s.user?.address);
  const userId = useAuthStore((s) => s.user?._id ?? '');
  const credit = useStoreCredit(userId);
  const lines = useCartStore((s) => s.lines);
  const itemCount = useCartStore(selectItemCount);
  const syncProducts = useCartStore((s) => s.syncProducts);
  const ids = useMemo(() => [...new Set(lines.map((l) => l._id))], [lines]);
  const fresh = useProductsById(ids);
  const freshById = useMemo(() => new Map(fresh.map((p) => [p._id, p])), [fresh]);
  const coupon = useCoupon();

  // The spec's 2-second spinner.
  useEffect(() => {
    const id = window.setTimeout(() => setWaiting(false), CART_SPINNER_MS);
    return () => window.clearTimeout(id);
  }, []);

  // Prices and names in the cart follow each product's current copy, so the total matches what
  // the server charges (one call per product in the cart, not the whole catalog).
  useEffect(() => {
    if (fresh.length > 0) syncProducts(fresh);
  }, [fresh, syncProducts]);

  if (waiting) return <Spinner label="Loading your cart" />;

  if (!loggedIn) {
    return (
      <div className="container page page-narrow">
        <p className="notice">Please log in to view your cart.</p>
      </div>
    );
  }

  return (
    <div className="container page">
      <title>Shopping Cart · Paduka</title>
      <div className="cart-head">
        <h1>Shopping Cart</h1>
        <p className="muted" style={{ margin: 0 }}>
          {formatCount(itemCount, 'item')}
        </p>
      </div>
      <div className="cart-layout">
        {lines.length === 0 ? (
          <div className="card empty-cart">
            <p className="h3">Your cart is empty.</p>
            <p className="muted">Find a pair you love and it will wait for you here.</p>
            <div className="empty-cart-actions">
              <Link to={paths.home.getHref()} className="btn btn-primary">
                Continue shopping
              </Link>
              <Link to={paths.user.orders.getHref()} className="btn btn-secondary">
                Show Orders
              </Link>
            </div>
          </div>
        ) : (
          <ul className="cart-lines" aria-label="Cart items">
            {lines.map((line) => (
              <CartLineItem key={`${line._id}-${line.productno}`} line={line} product={freshById.get(line._id)} />
            ))}
          </ul>
        )}
        <div className="cart-side">
          {lines.length > 0 ? <CouponBox {...coupon} /> : null}
          <OrderSummary
            itemCount={itemCount}
            total={cartAmountRupees(lines)}
            savedAddress={savedAddress}
            coupon={coupon.applied}
            couponBusy={coupon.busy}
            creditBalance={credit.data?.balance ?? 0}
          />
        </div>
      </div>
    </div>
  );
}
