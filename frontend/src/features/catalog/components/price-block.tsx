import { formatRupees } from '@/lib/format';
import { priceAfterDiscount } from '@/lib/pricing';
import './price-block.css';

/** Price after discount, the original struck through, percent off, 'inclusive of all taxes'. */
export function PriceBlock({ price, discount }: { price: number; discount: number }) {
  return (
    <div className="price-block">
      <p className="price-row">
        <span className="price-now">{formatRupees(priceAfterDiscount(price, discount))}</span>
        {discount > 0 && (
          <>
            <s className="price-was">
              <span className="visually-hidden">Original price </span>
              {formatRupees(price)}
            </s>
            <span className="price-off">{discount}% off</span>
          </>
        )}
      </p>
      <p className="price-note">inclusive of all taxes</p>
    </div>
  );
}
