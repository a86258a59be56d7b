import { useCallback } from 'react';
import { comingCount, type useProductPages } from '../api/get-product-pages';
import { LoadMore } from './load-more';
import { CARD_SIZES_FULL_WIDTH, ProductGrid } from './product-grid';
import type { ListedProduct } from '@/types/api';

type PagedGridProps = { query: ReturnType<typeof useProductPages>; products: ListedProduct[] };

/**
 * A full-width listing's cards and the next page's `Load more` (a category, the search). The
 * first row (3 on a desktop, 2 and a half on a phone) is on the first screen.
 */
export function PagedGrid({ query, products }: PagedGridProps) {
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return (
    <>
      <ProductGrid
        products={products}
        sizes={CARD_SIZES_FULL_WIDTH}
        aboveFold={3}
        coming={comingCount(query.data?.pages, query.isFetchingNextPage)}
      />
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={loadMore} />
    </>
  );
}
