import { useId } from 'react';
import { hasStockPerSize, variantCount, variantLabel, variantStock } from '@/utils/variants';
import type { Product } from '@/types/api';
import './variant-picker.css';
import { useAppReady } from '@/hooks/use-app-ready';

/** `indices`: the variants offered (a colour's, decisions D44); every variant when left out. */
type VariantPickerProps = {
  product: Product;
  value: number;
  onChange: (index: number) => void;
  indices?: readonly number[];
};

/**
 * The type selector: one choice per variant (its type, else its model). A size with no stock
 * stays choosable (its price still shows) but reads `Sold out`.
 */
export function VariantPicker({ product, value, onChange, indices }: VariantPickerProps) {
  const name = useId();
  // A choice needs the app: on a page the server drew the sizes wait for it (decisions D32).
  const ready = useAppReady();
  const shown = indices ?? Array.from({ length: variantCount(product) }, (_, i) => i);
  const first = shown[0] ?? 0;
  if (shown.length < 2 && !product.type?.[first] && !product.model?.[first]) return null;
  return (
    <fieldset className="variant-picker" disabled={!ready}>
      <legend className="field-label">Type</legend>
      <div className="variant-options">
        {shown.map((i) => {
          const soldOut = hasStockPerSize(product) && variantStock(product, i) === 0;
          return (
            <label key={i} className={`variant-option${soldOut ? ' is-sold-out' : ''}`}>
              <input type="radio" name={name} value={i} checked={value === i} onChange={() => onChange(i)} />
              <span>
                {variantLabel(product, i)}
                {soldOut ? (
                  <>
                    {' '}
                    <small className="variant-sold-out">Sold out</small>
                  </>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
