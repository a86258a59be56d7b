import { Link, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useCategoryProducts } from '@/features/catalog/api/get-category-products';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import '@/features/catalog/components/catalog.css';

export function CategoryRoute() {
  const { id = '' } = useParams();
  const query = useCategoryProducts(id);
  const name = query.data?.category?.name;
  const products = query.data?.products ?? [];

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
        {query.isPending ? <Skeleton width={220} height={36} /> : <h1>{name ?? 'Category'}</h1>}
        {query.isSuccess && (
          <p className="muted" style={{ margin: 0 }}>
            {formatCount(products.length, 'product')}
          </p>
        )}
      </div>
      {query.isPending ? (
        <ProductGridSkeleton />
      ) : query.isError ? (
        <p className="notice notice-danger" role="alert">
          Failed to fetch products. Please try again later.
        </p>
      ) : products.length === 0 ? (
        <p className="notice">No products found in this category.</p>
      ) : (
        <ProductGrid products={products} />
      )}
    </div>
  );
}
