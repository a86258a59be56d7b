import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { productsOfPages, useProductPages } from '@/features/catalog/api/get-product-pages';
import { ColourFilter } from '@/features/catalog/components/colour-filter';
import { PagedGrid } from '@/features/catalog/components/paged-grid';
import { ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { useColourParam } from '@/features/catalog/hooks/use-colour-param';
import { sizesOf } from '@/features/search/utils/sizes';
import '@/features/catalog/components/catalog.css';
import { AppButton } from '@/components/ui/app-button';

/**
 * /search?q=&size=&color= (decisions section 17, D47): every product matching the navbar's words,
 * the corrected words when the server matched through typos (`Showing results for X`), chips to
 * keep only one size in stock, and the colour the address asks for with a chip to clear it.
 */
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const size = params.get('size') || null;
  const [colour, clearColour] = useColourParam();
  const query = useProductPages(
    useMemo(
      () => ({ categories: [], sort: 'newest' as const, q, size: size ?? undefined, color: colour ?? undefined }),
      [q, size, colour],
    ),
    { keepPrevious: true },
  );
  const products = useMemo(() => productsOfPages(query.data?.pages), [query.data]);
  const first = query.data?.pages[0];
  const total = first?.total ?? 0;
  const corrected = first?.correctedQ ?? null;
  const sizes = useMemo(() => sizesOf(products, size), [products, size]);

  const pickSize = (next: string | null) =>
    setParams(
      { q, ...(next ? { size: next } : {}), ...(colour ? { color: colour } : {}) },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="container page">
      <title>{`${q || 'Search'} · Paduka`}</title>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to={paths.home.getHref()}>Home</Link>
          </li>
          <li aria-current="page">Search</li>
        </ol>
      </nav>
      <div className="category-hero">
        <h1>{q ? `Results for “${q}”` : 'Search'}</h1>
        <p className="muted category-count">{query.isSuccess && formatCount(total, 'product')}</p>
      </div>
      {corrected ? (
        <p className="search-corrected">
          Showing results for <strong>{corrected}</strong>
        </p>
      ) : null}
      {colour !== null && <ColourFilter colour={colour} products={products} onClear={clearColour} />}
      {sizes.length > 0 ? (
        <div className="size-chips" role="group" aria-label="Sizes">
          <AppButton type="button" className="size-chip" aria-pressed={size === null} onClick={() => pickSize(null)}>
            All sizes
          </AppButton>
          {sizes.map((label) => (
            <AppButton
              key={label}
              type="button"
              className="size-chip"
              aria-pressed={size === label}
              onClick={() => pickSize(size === label ? null : label)}
            >
              {label}
            </AppButton>
          ))}
        </div>
      ) : null}
      {!q ? (
        <p className="notice">Type what you are looking for in the search box.</p>
      ) : query.isPending ? (
        <ProductGridSkeleton />
      ) : products.length > 0 ? (
        <PagedGrid query={query} products={products} />
      ) : query.isError ? (
        <p className="notice notice-danger" role="alert">
          Failed to fetch products. Please try again later.
        </p>
      ) : (
        <p className="notice">{size ? `No products found in ${size}.` : 'No products found.'}</p>
      )}
    </div>
  );
}
