import { formatRupees } from '@/lib/format';
import './price-block.css';

/**
 * The MRP struck through, what the size sells at, percent off, 'inclusive of all taxes'
 * (decisions D36): `MRP ₹3,299` `₹1,299` `60% off`. Without a discount, the price alone.
 */
export function PriceBlock({ price, salePrice, discount }: { price: number; salePrice: number; discount: number }) {
  const reduced = salePrice < price;
  return (
    <div className="price-block">
      <p className="price-row">
        {reduced && <s className="price-was">MRP {formatRupees(price)}</s>}
        <span className="price-now">{formatRupees(salePrice)}</span>
        {discount > 0 && <span className="price-off">{discount}% off</span>}
      </p>
      <p className="price-note">inclusive of all taxes</p>
    </div>
  );
}
