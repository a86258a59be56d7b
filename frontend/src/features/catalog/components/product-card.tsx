import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { photoOf } from '@/lib/api-client';
import { DESCRIPTION_EXCERPT_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { excerpt, formatRupees } from '@/lib/format';
import type { Product } from '@/types/api';
import { variantSalePrice } from '@/utils/variants';
import './product-card.css';

/**
 * `sizes`: how wide the grid draws the photo (see product-grid.tsx). `eager`: on the first screen;
 * `first`: the first of those, the page's main picture.
 */
type ProductCardProps = { product: Product; sizes: string; eager?: boolean; first?: boolean };

/**
 * Image, name, description excerpt, '{discount}% Off', what it sells at with the MRP struck
 * through, and a 'Checkout' link (first variant).
 */
export function ProductCard({ product, sizes, eager = false, first = false }: ProductCardProps) {
  const href = paths.product.getHref(product._id);
  const price = product.price?.[0] ?? 0;
  const salePrice = variantSalePrice(product, 0);
  const discount = product.discount?.[0] ?? 0;
  return (
    <article className="product-card card">
      <Link to={href} className="product-card-media" tabIndex={-1} aria-hidden="true">
        <ProductImage
          photo={photoOf(product)}
          sizes={sizes}
          alt={product.name}
          width={400}
          height={400}
          priority={first}
          loading={eager ? 'eager' : undefined}
        />
        {discount > 0 && <span className="badge product-card-badge">{discount}% Off</span>}
      </Link>
      <div className="product-card-body">
        {product.category?.name && <p className="product-card-category">{product.category.name}</p>}
        <h3 className="product-name product-card-title">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="product-card-desc">{excerpt(product.description?.[0], DESCRIPTION_EXCERPT_LENGTH)}</p>
        <div className="product-card-footer">
          <p className="product-card-price">
            <span className="price-now">{formatRupees(salePrice)}</span>
            {salePrice < price && (
              <>
                {' '}
                <s className="price-was">
                  <span className="visually-hidden">MRP </span>
                  {formatRupees(price)}
                </s>
              </>
            )}
          </p>
          <Link to={href} className="btn btn-dark btn-sm" aria-label={`Checkout ${product.name}`}>
            Checkout
          </Link>
        </div>
      </div>
    </article>
  );
}
