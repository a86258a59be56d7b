import { useId } from 'react';
import { ProductImage } from '@/components/ui/product-image';
import { useAppReady } from '@/hooks/use-app-ready';
import type { Product } from '@/types/api';
import { colourInStock, type Colour } from '../utils/colors';
import './color-swatches.css';

type ColorSwatchesProps = {
  product: Product;
  colours: Colour[];
  value: string;
  onChange: (name: string) => void;
};

/** How a colour is drawn: its main photo, else its hex, else its name (decisions D44). */
function SwatchFace({ colour }: { colour: Colour }) {
  const photo = colour.photos?.[0];
  if (photo) {
    return (
      <span className="swatch-face swatch-photo">
        <ProductImage src={photo} alt="" width={44} height={44} />
        <span className="visually-hidden">{colour.name}</span>
      </span>
    );
  }
  if (colour.hex) {
    return (
      <span className="swatch-face swatch-hex" style={{ backgroundColor: colour.hex }}>
        <span className="visually-hidden">{colour.name}</span>
      </span>
    );
  }
  return <span className="swatch-face swatch-text">{colour.name}</span>;
}

/**
 * The colour picker above the sizes: one radio per colour, named exactly as the colour. A colour
 * with nothing in stock stays choosable (its sizes show `Sold out`), drawn faded.
 */
export function ColorSwatches({ product, colours, value, onChange }: ColorSwatchesProps) {
  const name = useId();
  // As the sizes: a choice needs the app, on a page the server drew too (decisions D32).
  const ready = useAppReady();
  return (
    <fieldset className="color-swatches" disabled={!ready}>
      <legend className="field-label">
        Colour: <span className="swatch-chosen">{value}</span>
      </legend>
      <div className="swatch-options">
        {colours.map((colour) => {
          const soldOut = !colourInStock(product, colour.name);
          return (
            <label key={colour.name} className={`swatch${soldOut ? ' is-sold-out' : ''}`} title={colour.name}>
              <input
                type="radio"
                name={name}
                value={colour.name}
                checked={colour.name === value}
                onChange={() => onChange(colour.name)}
              />
              <SwatchFace colour={colour} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
