import { useId, useMemo, useState } from 'react';
import type { CategoryRef, Product } from '@/types/api';
import { formatCount } from '@/lib/format';
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  applyListing,
  highestFirstPrice,
  isSortOption,
  type SortOption,
} from '../utils/listing';
import { ProductFilters } from './product-filters';
import { ProductGrid } from './product-grid';

type ProductListingProps = { products: Product[]; categories: CategoryRef[] | undefined };

/** Sort dropdown, filter side panel and the card grid of the home page. */
export function ProductListing({ products, categories }: ProductListingProps) {
  const sortId = useId();
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const [selected, setSelected] = useState<string[]>([]);
  // null: the slider sits at its maximum, which follows the catalog's highest price.
  const [chosenMax, setChosenMax] = useState<number | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const ceiling = highestFirstPrice(products);
  const maxPrice = chosenMax === null ? ceiling : Math.min(chosenMax, ceiling);

  const filterCategories = useMemo<CategoryRef[]>(() => {
    if (categories && categories.length > 0) return categories;
    const seen = new Map<string, CategoryRef>();
    for (const p of products) if (p.category) seen.set(p.category._id, p.category);
    return [...seen.values()];
  }, [categories, products]);

  const shown = useMemo(
    () => applyListing(products, { categories: selected, maxPrice, sort }),
    [products, selected, maxPrice, sort],
  );

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const reset = () => {
    setSelected([]);
    setChosenMax(null);
  };

  return (
    <section className="section listing" aria-labelledby="all-products">
      <div className="listing-head">
        <div>
          <h2 id="all-products" className="section-title">
            All Products
          </h2>
          <p className="muted listing-count" aria-live="polite">
            {formatCount(shown.length, 'product')}
          </p>
        </div>
        <div className="listing-tools">
          <button
            type="button"
            className="btn btn-secondary btn-sm filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((v) => !v)}
          >
            Filters{selected.length > 0 ? ` (${selected.length})` : ''}
          </button>
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
            onToggleCategory={toggle}
            maxPrice={maxPrice}
            priceCeiling={ceiling}
            onMaxPrice={setChosenMax}
            onReset={reset}
          />
        </aside>
        <div className="listing-results">
          {products.length === 0 ? (
            <p className="notice">No products to show yet. Please check back soon.</p>
          ) : shown.length > 0 ? (
            <ProductGrid products={shown} />
          ) : (
            <div className="notice">
              <p>No products match these filters.</p>
              <button type="button" className="btn btn-secondary btn-sm" onClick={reset}>
                Clear filters
              </button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
