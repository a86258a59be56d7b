import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useCategories } from '@/features/catalog/api/get-categories';
import { productsOfPages, useProductPages } from '@/features/catalog/api/get-product-pages';
import { ColourFilter } from '@/features/catalog/components/colour-filter';
import { PagedGrid } from '@/features/catalog/components/paged-grid';
import { ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { useColourParam } from '@/features/catalog/hooks/use-colour-param';
import '@/features/catalog/components/catalog.css';

export function CategoryRoute() {
  const { id = '' } = useParams();
  const categories = useCategories();
  const [colour, clearColour] = useColourParam();
  const query = useProductPages(
    useMemo(() => ({ categories: [id], sort: 'newest' as const, color: colour ?? undefined }), [id, colour]),
  );

  // The name comes from the categories list the app already holds (the shop's few categories).
  const name = categories.data?.find((c) => c._id === id)?.name;
  const products = useMemo(() => productsOfPages(query.data?.pages), [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <div className="container page">
      <title>{`${name ?? 'Category'} · Paduka`}</title>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to={paths.home.getHref()}>Home</Link>
          </li>
          <li aria-current="page">{name ?? 'Category'}</li>
        </ol>
      </nav>
      <div className="category-hero">
        {categories.isPending ? (
          <Skeleton width={220} height={0} className="category-title-skeleton" />
        ) : (
          <h1>{name ?? 'Category'}</h1>
        )}
        <p className="muted category-count">{query.isSuccess && formatCount(total, 'product')}</p>
      </div>
      {colour !== null && <ColourFilter colour={colour} products={products} onClear={clearColour} />}
      {query.isPending ? (
        <ProductGridSkeleton />
      ) : products.length > 0 ? (
        // A later page that fails keeps the cards so far; `Load more` tries again.
        <PagedGrid query={query} products={products} />
      ) : query.isError ? (
        <p className="notice notice-danger" role="alert">
          Failed to fetch products. Please try again later.
        </p>
      ) : (
        <p className="notice">No products found in this category.</p>
      )}
    </div>
  );
}
