import { useId } from 'react';
import { variantCount, variantLabel } from '@/utils/variants';
import type { Product } from '@/types/api';

type VariantPickerProps = { product: Product; value: number; onChange: (index: number) => void };

/** The type selector: one choice per variant (its type, else its model). */
export function VariantPicker({ product, value, onChange }: VariantPickerProps) {
  const name = useId();
  const count = variantCount(product);
  if (count < 2 && !product.type?.[0] && !product.model?.[0]) return null;
  return (
    <fieldset className="variant-picker">
      <legend className="field-label">Type</legend>
      <div className="variant-options">
        {Array.from({ length: count }, (_, i) => (
          <label key={i} className="variant-option">
            <input type="radio" name={name} value={i} checked={value === i} onChange={() => onChange(i)} />
            <span>{variantLabel(product, i)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
