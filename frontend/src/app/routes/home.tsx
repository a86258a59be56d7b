import { useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useFeatured } from '@/features/catalog/api/get-featured';
import { CategoryGrid, CategoryGridSkeleton } from '@/features/catalog/components/category-grid';
import { FeaturedBanner, FeaturedBannerPlaceholder } from '@/features/catalog/components/featured-banner';
import { ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { ProductListing } from '@/features/catalog/components/product-listing';
import { useListing } from '@/features/catalog/hooks/use-listing';
import { preloadProductRoute } from './preload';
import '@/features/catalog/components/catalog.css';

/**
 * The spec's spinner shows until the products arrive, but inside the page's own frame: the
 * banner's box is held from the first paint, and the spinner sits over skeletons where the
 * categories and cards will be. Those are replaced in one go once the first page and the
 * categories are in, so nothing on screen moves (decisions: phone-first speed).
 */
export function HomeRoute() {
  const listing = useListing();
  const featured = useFeatured();
  const categories = useCategories();

  // The product page is the next stop from here: fetch its code while the shopper looks around.
  useEffect(() => {
    const id = window.setTimeout(preloadProductRoute, 1500);
    return () => window.clearTimeout(id);
  }, []);

  const loading = listing.query.isPending || categories.isPending;
  // Without the featured call (an older server), the banner picks from the first page.
  const slides = featured.isError ? listing.products : featured.data;

  return (
    <div className="container page-home">
      <title>Paduka · Footwear for every step</title>
      <h1 className="visually-hidden">Paduka footwear shop</h1>
      {slides === undefined || (loading && slides.length === 0) ? (
        <FeaturedBannerPlaceholder />
      ) : (
        slides.length > 0 && <FeaturedBanner products={slides} shuffle={featured.isError} />
      )}
      {loading ? (
        <div className="home-loading">
          <Spinner label="Loading products" />
          <CategoryGridSkeleton />
          <div className="section">
            <ProductGridSkeleton count={6} />
          </div>
        </div>
      ) : (
        <>
          <CategoryGrid categories={categories.data} />
          <ProductListing listing={listing} categories={categories.data} />
        </>
      )}
    </div>
  );
}
