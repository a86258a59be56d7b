import { Skeleton } from '@/components/ui/skeleton';
import type { ListedProduct } from '@/types/api';
import { ProductCard } from './product-card';
import './product-grid.css';

/*
 * How wide a card's photo is drawn (product-grid.css, container 1200px with a gutter of 16-32px):
 * phones up to 520px have 2 columns 12px apart (173px at 390); up to 1099px columns of at least
 * 220px; from 1100px 3 columns, 270px wide beside the home page's 260px filter panel and 365px
 * without it (the category page).
 */
export const CARD_SIZES_BESIDE_FILTERS =
  '(max-width: 520px) calc(50vw - 22px), (max-width: 899px) calc(50vw - 30px), (max-width: 1099px) calc(50vw - 180px), 270px';
export const CARD_SIZES_FULL_WIDTH =
  '(max-width: 520px) calc(50vw - 22px), (max-width: 1099px) calc(50vw - 30px), 365px';

/**
 * `aboveFold`: how many first cards are on the first screen (the category page's first row):
 * their photos load at once, the very first as the page's main picture; the rest lazily.
 */
type ProductGridProps = {
  products: ListedProduct[];
  sizes: string;
  aboveFold?: number;
  /** Cards of the next page on their way: held as skeletons in the grid (see below). */
  coming?: number;
};

/**
 * The cards, and while the next page loads, skeletons in its place. Every row is as high as the
 * tallest (`grid-auto-rows: 1fr`), so a skeleton row is exactly a card row: the next page asked
 * for ahead of the scroll pushes the footer down while it is still off screen, and the cards
 * replacing the skeletons move nothing.
 */
export function ProductGrid({ products, sizes, aboveFold = 0, coming = 0 }: ProductGridProps) {
  return (
    <ul className="tile-grid product-grid" aria-label="Products">
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} sizes={sizes} first={i === 0 && aboveFold > 0} eager={i < aboveFold} />
        </li>
      ))}
      {Array.from({ length: coming }, (_, i) => (
        <li key={`coming-${i}`} aria-hidden="true">
          <CardSkeleton />
        </li>
      ))}
    </ul>
  );
}

function CardSkeleton() {
  return (
    <div className="product-card card">
      <Skeleton height={0} className="product-card-skeleton-media" />
      <div className="product-card-body">
        <Skeleton width="40%" height={12} />
        <Skeleton width="80%" height={20} />
        <Skeleton height={14} />
        <Skeleton width="60%" height={14} />
      </div>
    </div>
  );
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="tile-grid product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <CardSkeleton />
        </li>
      ))}
    </ul>
  );
}
