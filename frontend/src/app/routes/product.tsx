import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { photoOf } from '@/lib/api-client';
import { Spinner } from '@/components/ui/spinner';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { useAddReview } from '@/features/catalog/api/add-review';
import { useProduct, type ShownProduct } from '@/features/catalog/api/get-product';
import { FindMySize, FitLine } from '@/features/catalog/components/fit-advice';
import { useReviews } from '@/features/catalog/api/get-reviews';
import { AddReviewForm } from '@/features/catalog/components/add-review-form';
import { PriceBlock } from '@/features/catalog/components/price-block';
import { ProductGallery, type GalleryImage } from '@/features/catalog/components/product-gallery';
import { RatingSummary, ReviewsList } from '@/features/catalog/components/reviews-list';
import { averageRating } from '@/features/catalog/utils/rating';
import { colourVariants, firstInStock, pickColour, shownColours, sizeInColour } from '@/features/catalog/utils/colors';
import { ColorSwatches } from '@/features/catalog/components/color-swatches';
import { VariantPicker } from '@/features/catalog/components/variant-picker';
import { selectIsLoggedIn, useAuthStore } from '@/features/auth/stores/auth-store';
import { lineStock, useCartStore } from '@/features/cart/stores/cart-store';
import { DeliveryCheck } from '@/features/checkout/components/delivery-check';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  hasStockPerSize,
  variantCount,
  variantDiscount,
  variantPrice,
  variantSalePrice,
  variantStock,
} from '@/utils/variants';
import type { Product, Review } from '@/types/api';
import '@/features/catalog/components/catalog.css';
import { AppButton } from '@/components/ui/app-button';

export function ProductRoute() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const product = useProduct(id, queryClient);
  const reviews = useReviews(id);

  if (product.isPending) return <Spinner label="Loading product" />;
  if (!product.data) {
    return (
      <div className="container page page-narrow">
        <title>Product not found · Paduka</title>
        <div className="notice">
          <h1>Product not found</h1>
          <Link to={paths.home.getHref()} className="btn btn-primary">
            Back to Home
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ProductView
      key={product.data._id}
      product={product.data}
      reviews={reviews.data}
      reviewsLoading={reviews.isPending}
    />
  );
}

/**
 * The product's own average until its reviews arrive: what the server's first view shows
 * (decisions D29), so the stars do not change when the app takes over.
 */
function productRating(product: Product): number {
  return product.numReviews ? product.rating : averageRating([]);
}

type ProductViewProps = { product: ShownProduct; reviews: Review[] | undefined; reviewsLoading: boolean };

/** The photos without a colour: the product's own, then its gallery. */
function productImages(product: Product): GalleryImage[] {
  return [
    { photo: photoOf(product), alt: product.name },
    ...(product.otherphoto ?? []).filter(Boolean).map((src, i) => ({ src, alt: `${product.name}, photo ${i + 2}` })),
  ];
}

function ProductView({ product, reviews, reviewsLoading }: ProductViewProps) {
  // The colour is the address's (`?color=`, decisions D44), read from the router's location so
  // the server draws the same page; `null` for a product without colours.
  const [params, setParams] = useSearchParams();
  const colours = shownColours(product);
  const colour = pickColour(product, params.get('color'));
  const sizes = colour ? colourVariants(product, colour.name) : undefined;
  // The size shown first: the first one in stock (the first size when none is).
  const [chosen, setChosen] = useState(() =>
    firstInStock(product, sizes ?? Array.from({ length: variantCount(product) }, (_, i) => i)),
  );
  // The chosen size in the colour shown (the address may name another colour than the last pick).
  const variant = colour ? sizeInColour(product, colour.name, chosen) : chosen;
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const addToCart = useCartStore((s) => s.add);
  const addReview = useAddReview();

  const price = variantPrice(product, variant);
  const salePrice = variantSalePrice(product, variant);
  const discount = variantDiscount(product, variant);
  const perSize = hasStockPerSize(product);
  const inStock = variantStock(product, variant);
  // A pooled product with nothing left cannot be chosen at all; a sold-out size says so when tried.
  const outOfStock = !perSize && typeof product.quantity === 'number' && product.quantity <= 0;
  const sizeSoldOut = perSize && inStock === 0;
  const images: GalleryImage[] = colour?.photos?.length
    ? colour.photos.map((src, i) => ({
        src,
        alt: i === 0 ? `${product.name}, ${colour.name}` : `${product.name}, ${colour.name}, photo ${i + 1}`,
      }))
    : productImages(product);

  const onColour = (name: string) => {
    setChosen(sizeInColour(product, name, variant));
    // Replaced, not pushed: Back leaves the product rather than stepping through its colours.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('color', name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onAddToCart = () => {
    if (!loggedIn) {
      notify.error('Login to Add to Cart');
      return;
    }
    if (sizeSoldOut) {
      notify.error('Sold out');
      return;
    }
    const { lines } = useCartStore.getState();
    const inCart = lines.find((l) => l._id === product._id && l.productno === variant);
    const { max } = lineStock(lines, { _id: product._id, productno: variant }, product);
    if ((inCart?.quantity ?? 0) >= max) {
      notify.error(`Only ${inStock} left`);
      return;
    }
    addToCart(product, variant);
    notify.success('Item added to Cart');
  };

  const onReview = async ({ comment, rating }: { comment: string; rating: number }) => {
    if (!loggedIn) {
      notify.error('Login to Add a Review');
      return false;
    }
    try {
      await addReview.mutateAsync({ productId: product._id, comment, rating });
      notify.success('Review added successfully');
      return true;
    } catch {
      notify.error('Failed to add review');
      return false;
    }
  };

  return (
    <div className="container page">
      <title>{`${product.name} · Paduka`}</title>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to={paths.home.getHref()}>Home</Link>
          </li>
          {product.category && (
            <li>
              <Link to={paths.category.getHref(product.category._id)}>{product.category.name}</Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product-layout">
        {/* A colour's own gallery starts at its first photo. */}
        <ProductGallery key={colour?.name} images={images} />

        <div className="product-info">
          <div>
            <h1 className="product-title">{product.name}</h1>
            {product.info && <p className="product-lead">{product.info}</p>}
          </div>
          <div className="product-rating-line">
            <Stars value={reviews ? averageRating(reviews) : productRating(product)} />
            <a href="#reviews-title">{formatCount(reviews?.length ?? product.numReviews ?? 0, 'review')}</a>
          </div>

          <PriceBlock price={price} salePrice={salePrice} discount={discount} />

          {colour && <ColorSwatches product={product} colours={colours} value={colour.name} onChange={onColour} />}
          <VariantPicker product={product} value={variant} onChange={setChosen} indices={sizes} />
          <FitLine fit={product.fit} />

          <div className="buy-row">
            <AppButton
              type="button"
              className="btn btn-primary"
              onClick={onAddToCart}
              disabled={outOfStock}
              aria-disabled={sizeSoldOut || undefined}
              aria-describedby={sizeSoldOut ? 'stock-note' : undefined}
            >
              Add to Cart
            </AppButton>
            {outOfStock ? (
              <p className="stock-note">Out of stock</p>
            ) : sizeSoldOut ? (
              <p id="stock-note" className="stock-note">
                Sold out
              </p>
            ) : (
              inStock > 0 && inStock <= 5 && <p className="stock-note">Only {inStock} left</p>
            )}
          </div>

          {product.sizeChart ? <FindMySize productId={product._id} chart={product.sizeChart} /> : null}

          <DeliveryCheck />

          {product.specifications?.length > 0 && (
            <section>
              <h2 className="h3">Specifications</h2>
              <ul className="detail-list">
                {product.specifications.map((s, i) => (
                  <li key={i}>{s}</li>
                ))}
              </ul>
            </section>
          )}

          <section>
            <h2 className="h3">Details</h2>
            <p>{product.description?.join(', ')}</p>
            <dl className="detail-table">
              {product.material && (
                <>
                  <dt>Material</dt>
                  <dd>{product.material}</dd>
                </>
              )}
              {product.category && (
                <>
                  <dt>Category</dt>
                  <dd>{product.category.name}</dd>
                </>
              )}
              {product.product_id && (
                <>
                  <dt>Product code</dt>
                  <dd>{product.product_id}</dd>
                </>
              )}
            </dl>
          </section>
        </div>
      </div>

      <section className="section" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="section-title">
          Customer Reviews
        </h2>
        <div className="reviews-layout">
          <div>
            <RatingSummary reviews={reviews} />
            <ReviewsList reviews={reviews} loading={reviewsLoading} />
          </div>
          <AddReviewForm onSubmit={onReview} submitting={addReview.isPending} />
        </div>
      </section>
    </div>
  );
}
