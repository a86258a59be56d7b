import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { photoOf } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { lineTotalRupees } from '@/lib/pricing';
import { notify } from '@/lib/notify';
import {
  variantColourPhoto,
  variantDiscount,
  variantLabel,
  variantPrice,
  variantSalePrice,
  variantWords,
} from '@/utils/variants';
import type { Product } from '@/types/api';
import { lineStock, useCartStore, type CartLine } from '../stores/cart-store';

type CartLineItemProps = {
  line: CartLine;
  /** The product's current copy from the server, whose stock bounds the plus button. */
  product?: Product;
};

/** Photo, name, variant, unit price (its sale price, the MRP struck), minus/quantity/plus, line total. */
export function CartLineItem({ line, product }: CartLineItemProps) {
  const increment = useCartStore((s) => s.increment);
  const decrement = useCartStore((s) => s.decrement);
  const remove = useCartStore((s) => s.remove);
  const price = variantPrice(line, line.productno);
  const salePrice = variantSalePrice(line, line.productno);
  const discount = variantDiscount(line, line.productno);
  // A variant is a colour and a size (decisions D44): `Tan, UK 8`; a line of another colour is
  // another line. A cart kept from before colours has none.
  const colour = line.color?.[line.productno];
  const variant = variantWords(colour, variantLabel(line, line.productno));
  // The pair as it was picked: its colour's main photo, and the product page in that colour.
  const colourPhoto = variantColourPhoto(product ?? line, line.productno);
  const href = paths.product.getHref(line._id, colour);

  const minus = () => {
    if (decrement(line._id, line.productno) === 'removed') notify.success('Item removed from cart');
  };
  const plus = () => {
    // Until the product's current copy arrives, a size's stock as the line last saw it (a
    // pooled product's pool is not kept on the line: its `quantity` is the cart's).
    const known = product ?? (Array.isArray(line.stock) ? line : undefined);
    const { inStock, max } = lineStock(useCartStore.getState().lines, line, known);
    if (line.quantity >= max) {
      notify.error(`Only ${inStock} left`, { toastId: `stock-${line._id}-${line.productno}` });
      return;
    }
    increment(line._id, line.productno);
  };
  const drop = () => {
    remove(line._id, line.productno);
    notify.success('Item removed from cart');
  };

  return (
    <li className="cart-line card">
      <Link to={href} className="cart-line-media" tabIndex={-1} aria-hidden="true">
        {colourPhoto ? (
          <ProductImage src={colourPhoto} alt={`${line.name} in ${colour}`} width={112} height={112} />
        ) : (
          <ProductImage
            photo={photoOf(line)}
            sizes="(max-width: 560px) 80px, 112px"
            alt={line.name}
            width={112}
            height={112}
          />
        )}
      </Link>
      <div className="cart-line-main">
        <h2 className="product-name">
          <Link to={href}>{line.name}</Link>
        </h2>
        <p className="cart-line-variant muted">{variant}</p>
        <p className="cart-line-unit">
          <span className="price-now">{formatRupees(salePrice)}</span>
          {salePrice < price && (
            <>
              {' '}
              <s className="price-was">
                <span className="visually-hidden">MRP </span>
                {formatRupees(price)}
              </s>
              {discount > 0 && (
                <>
                  {' '}
                  <span className="price-off">{discount}% off</span>
                </>
              )}
            </>
          )}
        </p>
        <button type="button" className="cart-line-remove" onClick={drop}>
          Remove
        </button>
      </div>
      <div className="cart-line-side">
        <div className="qty" role="group" aria-label={`Quantity of ${line.name}, ${variant}`}>
          <button type="button" className="qty-btn" onClick={minus} aria-label="Decrease quantity">
            −
          </button>
          <output className="qty-value" aria-live="polite">
            {line.quantity}
          </output>
          <button type="button" className="qty-btn" onClick={plus} aria-label="Increase quantity">
            +
          </button>
        </div>
        <p className="cart-line-total">{formatRupees(lineTotalRupees(salePrice, line.quantity))}</p>
      </div>
    </li>
  );
}
