import { Field } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import type { CategoryRef } from '@/types/api';
import './product-filters.css';
import { AppButton } from '@/components/ui/app-button';
import { useAppReady } from '@/hooks/use-app-ready';

type ProductFiltersProps = {
  categories: CategoryRef[];
  selected: readonly string[];
  onToggleCategory: (id: string) => void;
  maxPrice: number;
  priceCeiling: number;
  onMaxPrice: (value: number) => void;
  onReset: () => void;
};

/** Max-price slider (up to the highest first price) and category checkboxes (none = all). */
export function ProductFilters(props: ProductFiltersProps) {
  const { categories, selected, onToggleCategory, maxPrice, priceCeiling, onMaxPrice, onReset } = props;
  // Filtering needs the app: on a page the server drew the filters wait for it (decisions D32).
  const ready = useAppReady();
  return (
    <div className="filters">
      <div className="filters-head">
        <h2 className="filters-title">Filters</h2>
        <AppButton type="button" className="btn btn-ghost btn-sm" onClick={onReset}>
          Reset
        </AppButton>
      </div>
      <Field label={`Max Price: ${formatRupees(maxPrice)}`}>
        {(field) => (
          <>
            <input
              {...field}
              className="range"
              type="range"
              disabled={!ready}
              min={0}
              max={priceCeiling}
              step={1}
              value={Math.min(maxPrice, priceCeiling)}
              onChange={(e) => onMaxPrice(Number(e.target.value))}
            />
            <div className="range-scale muted" aria-hidden="true">
              <span>{formatRupees(0)}</span>
              <span>{formatRupees(priceCeiling)}</span>
            </div>
          </>
        )}
      </Field>
      {categories.length > 0 && (
        <fieldset className="filters-group" disabled={!ready}>
          <legend className="field-label">Categories</legend>
          {categories.map((c) => (
            <label key={c._id} className="check">
              <input type="checkbox" checked={selected.includes(c._id)} onChange={() => onToggleCategory(c._id)} />
              <span>{c.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
