import { useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProducts } from '@/features/catalog/api/get-products';
import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { FeaturedBanner } from '@/features/catalog/components/featured-banner';
import { ProductListing } from '@/features/catalog/components/product-listing';
import { preloadProductRoute } from './preload';
import '@/features/catalog/components/catalog.css';

export function HomeRoute() {
  const products = useProducts();
  const categories = useCategories();

  // The product page is the next stop from here: fetch its code while the shopper looks around.
  useEffect(() => {
    const id = window.setTimeout(preloadProductRoute, 1500);
    return () => window.clearTimeout(id);
  }, []);

  if (products.isPending) return <Spinner label="Loading products" />;

  const list = products.data ?? [];
  return (
    <div className="container page-home">
      <title>Paduka · Footwear for every step</title>
      <h1 className="visually-hidden">Paduka footwear shop</h1>
      {list.length > 0 && <FeaturedBanner products={list} />}
      <CategoryGrid categories={categories.data} loading={categories.isPending} />
      <ProductListing products={list} categories={categories.data} />
    </div>
  );
}
