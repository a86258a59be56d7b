import { discountedPaise } from '@/lib/pricing';
import type { Product } from '@/types/api';
import { joinList, parseList } from './admin-format';
import type { ProductFormValues } from './product-form';

/** One variant of the grid, a colour in a size, as typed. */
export type CellValues = { price: string; salePrice: string; stock: string; model: string };

export type ColourValues = {
  /** The React key: names change as they are typed. */
  key: string;
  name: string;
  /** `#RRGGBB`, or '' for none. */
  hex: string;
  /** Paths on this shop, the first the colour's main photo (decisions D44). */
  photos: string[];
  /** By size key; a size this colour is not made in has no cell. */
  cells: Partial<Record<string, CellValues>>;
};

export type SizeRow = { key: string; label: string };

/**
 * The product's colours and their grid of variants, colour by colour and size by size (the
 * order the form sends them in). Without colours the form's text lists are the variants.
 */
export type ColourGridValues = {
  colours: ColourValues[];
  /** Every colour's rows, in order. */
  sizes: SizeRow[];
  /**
   * Whether the form sends `colors`: the product had colours or the admin added one. A product
   * without colours sends none, so a form saved as before colours is read as before (D44).
   */
  sendColours: boolean;
};

export const noColours: ColourGridValues = { colours: [], sizes: [], sendColours: false };

let lastKey = 0;
const newKey = (): string => `k${(lastKey += 1)}`;

const emptyCell: CellValues = { price: '', salePrice: '', stock: '', model: '' };

/** A new cell priced as `like` (the neighbour it was added beside), its stock and model to fill in. */
const cellLike = (like: CellValues | undefined): CellValues => ({
  ...emptyCell,
  price: like?.price ?? '',
  salePrice: like?.salePrice ?? '',
});

const amount = (n: number | undefined | null): string => (n === undefined || n === null ? '' : String(n));

/** The sale price a variant sells at as the product answers it (else its MRP less its discount). */
function saleOf(p: Product, i: number): number {
  return p.salePrice?.[i] ?? discountedPaise(p.price?.[i] ?? 0, p.discount?.[i]) / 100;
}

/** The grid of a stored product with colours; `noColours` for one without. */
export function productToColourGrid(p: Product): ColourGridValues {
  if (!p.colors?.length) return noColours;
  const colours: ColourValues[] = p.colors.map((c) => ({
    key: newKey(),
    name: c.name,
    hex: c.hex ?? '',
    photos: [...c.photos],
    cells: {},
  }));
  const sizes: SizeRow[] = [];
  (p.price ?? []).forEach((price, i) => {
    const label = p.type?.[i] ?? '';
    const colourName = (p.color?.[i] ?? '').toLowerCase();
    const colour = colours.find((c) => c.name.toLowerCase() === colourName);
    if (!colour) return;
    let size = sizes.find((s) => s.label === label);
    if (!size) {
      size = { key: newKey(), label };
      sizes.push(size);
    }
    colour.cells[size.key] = {
      price: amount(price),
      salePrice: amount(saleOf(p, i)),
      stock: amount(p.stock?.[i]),
      model: p.model?.[i] ?? '',
    };
  });
  return { colours, sizes, sendColours: true };
}

function newColour(sizes: SizeRow[], like?: ColourValues): ColourValues {
  const cells: ColourValues['cells'] = {};
  for (const s of sizes) cells[s.key] = cellLike(like?.cells[s.key]);
  return { key: newKey(), name: '', hex: '', photos: [], cells };
}

/**
 * The admin adds a colour. The first one takes the form's variants as they are typed (its
 * sizes, prices, stock and models), so nothing typed is lost; a later one comes in every size,
 * priced as the first colour.
 */
export function addColour(grid: ColourGridValues, plain: ProductFormValues): ColourGridValues {
  if (grid.colours.length > 0) {
    return { ...grid, colours: [...grid.colours, newColour(grid.sizes, grid.colours[0])] };
  }
  const types = parseList(plain.type);
  const prices = parseList(plain.price);
  const discounts = parseList(plain.discount);
  const sales = parseList(plain.salePrice);
  const stocks = parseList(plain.stock);
  const models = parseList(plain.model);
  const count = Math.max(types.length, prices.length, 1);
  const sizes: SizeRow[] = Array.from({ length: count }, (_, i) => ({ key: newKey(), label: types[i] ?? '' }));
  const colour = newColour(sizes);
  sizes.forEach((s, i) => {
    const price = prices[i] ?? '';
    const mrp = Number(price);
    const sale =
      sales[i] ?? (price && Number.isFinite(mrp) ? String(discountedPaise(mrp, Number(discounts[i] ?? 0)) / 100) : '');
    colour.cells[s.key] = { price, salePrice: sale, stock: stocks[i] ?? '', model: models[i] ?? '' };
  });
  return { colours: [colour], sizes, sendColours: true };
}

/**
 * The plain form's variant lists once the last colour goes: that colour's sizes as the
 * product's, so removing a colour added by mistake gives back what was typed.
 */
export function plainFromLastColour(grid: ColourGridValues): Partial<ProductFormValues> {
  const last = grid.colours[0];
  const rows = grid.sizes.flatMap((s) => {
    const cell = last?.cells[s.key];
    return cell ? [{ label: s.label, ...cell }] : [];
  });
  const list = (pick: (r: (typeof rows)[number]) => string) => joinList(rows.map(pick).filter((v) => v.trim() !== ''));
  return {
    type: list((r) => r.label),
    price: list((r) => r.price),
    discount: '',
    salePrice: list((r) => r.salePrice),
    stock: list((r) => r.stock),
    model: list((r) => r.model),
  };
}

export function removeColour(grid: ColourGridValues, key: string): ColourGridValues {
  const colours = grid.colours.filter((c) => c.key !== key);
  return { ...grid, colours, sizes: colours.length ? grid.sizes : [] };
}

/** Moves a colour one place up (-1) or down (+1); the first colour is the product's first. */
export function moveColour(grid: ColourGridValues, key: string, by: -1 | 1): ColourGridValues {
  const from = grid.colours.findIndex((c) => c.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= grid.colours.length) return grid;
  const colours = [...grid.colours];
  [colours[from], colours[to]] = [colours[to]!, colours[from]!];
  return { ...grid, colours };
}

export function updateColour(
  grid: ColourGridValues,
  key: string,
  change: Partial<Pick<ColourValues, 'name' | 'hex' | 'photos'>>,
): ColourGridValues {
  return { ...grid, colours: grid.colours.map((c) => (c.key === key ? { ...c, ...change } : c)) };
}

/** A new size in every colour, each priced as that colour's last size. */
export function addSize(grid: ColourGridValues): ColourGridValues {
  const size = { key: newKey(), label: '' };
  const lastSize = grid.sizes.at(-1);
  return {
    ...grid,
    sizes: [...grid.sizes, size],
    colours: grid.colours.map((c) => ({
      ...c,
      cells: { ...c.cells, [size.key]: cellLike(lastSize ? c.cells[lastSize.key] : undefined) },
    })),
  };
}

/** The size goes from every colour. */
export function removeSize(grid: ColourGridValues, key: string): ColourGridValues {
  return {
    ...grid,
    sizes: grid.sizes.filter((s) => s.key !== key),
    colours: grid.colours.map((c) => {
      const cells = { ...c.cells };
      delete cells[key];
      return { ...c, cells };
    }),
  };
}

export function renameSize(grid: ColourGridValues, key: string, label: string): ColourGridValues {
  return { ...grid, sizes: grid.sizes.map((s) => (s.key === key ? { ...s, label } : s)) };
}

/** Makes one colour in one size, or stops making it: its cell comes or goes. */
export function toggleCell(grid: ColourGridValues, colourKey: string, sizeKey: string): ColourGridValues {
  return {
    ...grid,
    colours: grid.colours.map((c) => {
      if (c.key !== colourKey) return c;
      const cells = { ...c.cells };
      if (cells[sizeKey]) delete cells[sizeKey];
      else cells[sizeKey] = cellLike(grid.colours[0]?.cells[sizeKey]);
      return { ...c, cells };
    }),
  };
}

export function updateCell(
  grid: ColourGridValues,
  colourKey: string,
  sizeKey: string,
  change: Partial<CellValues>,
): ColourGridValues {
  return {
    ...grid,
    colours: grid.colours.map((c) => {
      const cell = c.cells[sizeKey];
      if (c.key !== colourKey || !cell) return c;
      return { ...c, cells: { ...c.cells, [sizeKey]: { ...cell, ...change } } };
    }),
  };
}

/** The fields the grid sends in place of the form's variant lists. */
const VARIANT_FIELDS = ['type', 'model', 'price', 'discount', 'salePrice', 'stock'] as const;

/** Whether the form's own variant lists are replaced by the grid. */
export function gridHoldsVariants(grid: ColourGridValues): boolean {
  return grid.colours.length > 0;
}

export function isVariantField(key: string): boolean {
  return (VARIANT_FIELDS as readonly string[]).includes(key);
}

/**
 * Puts the colours on the product's form: `colors` as JSON and, with colours, the variants
 * colour by colour and size by size as the parallel lists `color`, `type`, `model`, `price`,
 * `salePrice` and `stock` (`discount` is derived from the sale prices). Each entry goes as
 * typed, so the server judges it; a stock left empty everywhere is one pool (`quantity`).
 */
export function appendColourFields(form: FormData, grid: ColourGridValues): void {
  if (!grid.sendColours) return;
  form.set(
    'colors',
    JSON.stringify(grid.colours.map((c) => ({ name: c.name.trim(), hex: c.hex.trim() || null, photos: c.photos }))),
  );
  if (!gridHoldsVariants(grid)) return;
  const lists: Record<(typeof VARIANT_FIELDS)[number] | 'color', string[]> = {
    color: [],
    type: [],
    model: [],
    price: [],
    discount: [],
    salePrice: [],
    stock: [],
  };
  for (const colour of grid.colours) {
    for (const size of grid.sizes) {
      const cell = colour.cells[size.key];
      if (!cell) continue;
      lists.color.push(colour.name.trim());
      lists.type.push(size.label.trim());
      lists.model.push(cell.model.trim());
      lists.price.push(cell.price.trim());
      lists.salePrice.push(cell.salePrice.trim());
      lists.stock.push(cell.stock.trim());
    }
  }
  for (const [key, values] of Object.entries(lists)) {
    // A list with nothing in it is none (no models; one pool of stock), as the text fields send it.
    form.set(key, values.some((v) => v !== '') ? values.join(',') : '');
  }
}
