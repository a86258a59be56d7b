import { Skeleton } from '@/components/ui/skeleton';
import type { Product } from '@/types/api';
import { ProductCard } from './product-card';

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="product-grid" aria-label="Products">
      {products.map((p) => (
        <li key={p._id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="product-card card">
            <Skeleton height={0} className="product-card-skeleton-media" />
            <div className="product-card-body">
              <Skeleton width="40%" height={12} />
              <Skeleton width="80%" height={20} />
              <Skeleton height={14} />
              <Skeleton width="60%" height={14} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
