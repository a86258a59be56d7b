import { useCallback, useId, useMemo, useState } from 'react';
import type { CategoryRef } from '@/types/api';
import { formatCount } from '@/lib/format';
import { comingCount } from '../api/get-product-pages';
import type { Listing } from '../hooks/use-listing';
import { SORT_OPTIONS, isSortOption } from '../utils/listing';
import { ColourFilter } from './colour-filter';
import { LoadMore } from './load-more';
import { ProductFilters } from './product-filters';
import { CARD_SIZES_BESIDE_FILTERS, ProductGrid, ProductGridSkeleton } from './product-grid';
import './product-listing.css';
import { AppButton } from '@/components/ui/app-button';

type ProductListingProps = { listing: Listing; categories: CategoryRef[] | undefined };

/**
 * Sort dropdown, filter side panel and the card grid of the home page. The server sorts, filters
 * and pages (`useListing`); the grid shows the pages loaded so far and the heading counts every
 * match.
 */
export function ProductListing({ listing, categories }: ProductListingProps) {
  const sortId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { sort, setSort, selected, toggleCategory, maxPrice, ceiling, setMaxPrice, reset, query, products, total } =
    listing;
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // Without the categories list, the categories of the products shown so far.
  const filterCategories = useMemo<CategoryRef[]>(() => {
    if (categories && categories.length > 0) return categories;
    const seen = new Map<string, CategoryRef>();
    for (const p of products) if (p.category) seen.set(p.category._id, p.category);
    return [...seen.values()];
  }, [categories, products]);

  return (
    <section className="section listing" aria-labelledby="all-products">
      <div className="listing-head">
        <div>
          <h2 id="all-products" className="section-title">
            All Products
          </h2>
          <p className="muted listing-count" aria-live="polite">
            {formatCount(total, 'product')}
          </p>
        </div>
        <div className="listing-tools">
          <AppButton
            type="button"
            className="btn btn-secondary btn-sm filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((v) => !v)}
          >
            Filters{selected.length > 0 ? ` (${selected.length})` : ''}
          </AppButton>
          <div className="sort">
            <label htmlFor={sortId} className="field-label">
              Sort by
            </label>
            <select
              id={sortId}
              className="select"
              value={sort}
              onChange={(e) => isSortOption(e.target.value) && setSort(e.target.value)}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="listing-body">
        <aside id="listing-filters" className={`listing-aside card card-pad${filtersOpen ? ' is-open' : ''}`}>
          <ProductFilters
            categories={filterCategories}
            selected={selected}
            onToggleCategory={toggleCategory}
            maxPrice={maxPrice}
            priceCeiling={ceiling}
            onMaxPrice={setMaxPrice}
            onReset={reset}
          />
        </aside>
        <div className="listing-results" aria-busy={query.isFetching && !query.isFetchingNextPage}>
          {listing.colour !== null && (
            <ColourFilter colour={listing.colour} products={products} onClear={listing.clearColour} />
          )}
          {query.isPending ? (
            <ProductGridSkeleton count={6} />
          ) : products.length > 0 ? (
            <>
              <ProductGrid
                products={products}
                sizes={CARD_SIZES_BESIDE_FILTERS}
                coming={comingCount(query.data?.pages, query.isFetchingNextPage)}
              />
              <LoadMore
                hasMore={query.hasNextPage && !query.isPlaceholderData}
                loading={query.isFetchingNextPage}
                onLoadMore={loadMore}
              />
            </>
          ) : listing.filtered ? (
            <div className="notice">
              <p>No products match these filters.</p>
              <AppButton type="button" className="btn btn-secondary btn-sm" onClick={reset}>
                Clear filters
              </AppButton>
            </div>
          ) : (
            <p className="notice">No products to show yet. Please check back soon.</p>
          )}
        </div>
      </div>
    </section>
  );
}
