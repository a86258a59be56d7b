import { AppButton } from '@/components/ui/app-button';
import type { ListedProduct } from '@/types/api';

type ColourFilterProps = {
  /** The colour the address asks for. */
  colour: string;
  /** The products listed: they name the colour as the shop writes it (`shownColor`). */
  products: readonly ListedProduct[];
  onClear: () => void;
};

/** `Colour: Black ×`, the listing's colour (decisions D47): a press shows every colour again. */
export function ColourFilter({ colour, products, onClear }: ColourFilterProps) {
  const asked = colour.toLowerCase();
  const name = products.find((p) => p.shownColor?.toLowerCase() === asked)?.shownColor ?? colour;
  return (
    <div className="size-chips filter-chips">
      <AppButton
        type="button"
        className="size-chip filter-chip"
        aria-label={`Colour: ${name} (clear)`}
        onClick={onClear}
      >
        Colour: {name} <span aria-hidden="true">×</span>
      </AppButton>
    </div>
  );
}
