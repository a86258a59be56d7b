import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { photoOf } from '@/lib/api-client';
import { DESCRIPTION_EXCERPT_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { excerpt, formatCount, formatRupees } from '@/lib/format';
import type { ListedProduct, Product } from '@/types/api';
import { variantSalePrice } from '@/utils/variants';
import { shownColourOf, shownColours, type Colour } from '../utils/colors';
import './product-card.css';

/** Swatches a card draws; more colours read `+N`. */
const CARD_SWATCHES = 5;

/** A colour small: its hex, else its main photo, else its first letter; named as the colour. */
function CardSwatch({ colour }: { colour: Colour }) {
  const photo = colour.photos?.[0];
  if (colour.hex) {
    return (
      <span
        className="card-swatch"
        role="img"
        aria-label={colour.name}
        title={colour.name}
        style={{ backgroundColor: colour.hex }}
      />
    );
  }
  if (photo) {
    return (
      <ProductImage className="card-swatch" src={photo} alt={colour.name} title={colour.name} width={16} height={16} />
    );
  }
  return (
    <span className="card-swatch card-swatch-letter" role="img" aria-label={colour.name} title={colour.name}>
      {Array.from(colour.name)[0]?.toUpperCase()}
    </span>
  );
}

/** Up to five of the product's colours, `+N` for the rest; nothing for a product without colours. */
function CardSwatches({ product }: { product: Product }) {
  const colours = shownColours(product);
  if (colours.length === 0) return null;
  const more = colours.length - CARD_SWATCHES;
  return (
    <ul className="card-swatches" aria-label="Colours">
      {colours.slice(0, CARD_SWATCHES).map((colour) => (
        <li key={colour.name}>
          <CardSwatch colour={colour} />
        </li>
      ))}
      {more > 0 && (
        <li className="card-swatch-more">
          <span aria-hidden="true">+{more}</span>
          <span className="visually-hidden">{formatCount(more, 'more colour')}</span>
        </li>
      )}
    </ul>
  );
}

/**
 * `sizes`: how wide the grid draws the photo (see product-grid.tsx). `eager`: on the first screen;
 * `first`: the first of those, the page's main picture.
 */
type ProductCardProps = { product: ListedProduct; sizes: string; eager?: boolean; first?: boolean };

/**
 * Image, name, description excerpt, its colours (decisions D44), '{discount}% Off', what it sells
 * at with the MRP struck through, and a 'Checkout' link (first variant). In the colour the listing
 * names (`shownColor`, decisions D47): that colour's main photo, and links to the product in it.
 */
export function ProductCard({ product, sizes, eager = false, first = false }: ProductCardProps) {
  const colour = shownColourOf(product);
  const href = paths.product.getHref(product._id, colour?.name);
  const colourPhoto = colour?.photos?.[0];
  const price = product.price?.[0] ?? 0;
  const salePrice = variantSalePrice(product, 0);
  const discount = product.discount?.[0] ?? 0;
  return (
    <article className="product-card card">
      <Link to={href} className="product-card-media" tabIndex={-1} aria-hidden="true">
        {colour && colourPhoto ? (
          <ProductImage
            src={colourPhoto}
            alt={`${product.name} in ${colour.name}`}
            width={400}
            height={400}
            priority={first}
            loading={eager ? 'eager' : undefined}
          />
        ) : (
          <ProductImage
            photo={photoOf(product)}
            sizes={sizes}
            alt={product.name}
            width={400}
            height={400}
            priority={first}
            loading={eager ? 'eager' : undefined}
          />
        )}
        {discount > 0 && <span className="badge product-card-badge">{discount}% Off</span>}
      </Link>
      <div className="product-card-body">
        {product.category?.name && <p className="product-card-category">{product.category.name}</p>}
        <h3 className="product-name product-card-title">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="product-card-desc">{excerpt(product.description?.[0], DESCRIPTION_EXCERPT_LENGTH)}</p>
        <CardSwatches product={product} />
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
