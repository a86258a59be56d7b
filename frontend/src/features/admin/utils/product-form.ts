import { discountedPaise, toPaise } from '@/lib/pricing';
import type { Product } from '@/types/api';
import { joinList, parseList, parseNumberList } from './admin-format';
import { appendColourFields, noColours, type ColourGridValues } from './colour-grid';

/** The product form's text values, as typed (lists comma separated). */
export type ProductFormValues = {
  product_id: string;
  name: string;
  info: string;
  type: string;
  model: string;
  description: string;
  specifications: string;
  material: string;
  tags: string;
  price: string;
  discount: string;
  /**
   * Exact selling prices, one per size, each at most its price (the MRP); empty: each size sells
   * at its price less its discount (one unchanged since the last save keeps what it sold at).
   */
  salePrice: string;
  seller: string;
  category: string;
  quantity: string;
  /** Stock per size, comma separated in price order; empty for one pool (`quantity`). */
  stock: string;
  /** HSN code for tax invoices; empty for the shop's default. */
  hsn: string;
  shipping: string;
  otherphoto: string;
  /** 'true', or 'false' for a draft that only admins see and nobody can order. */
  published: string;
  /** The product's own size chart, its rows as JSON text (see `readChartRows`); '' for the shop's chart. */
  sizeChart: string;
};

/** One size of a product's own chart as typed: its label and the longest foot it fits, in cm. */
export type ChartRow = { size: string; footCm: string };

/** The rows the form's `sizeChart` text holds; none for '' or text that is not rows. */
export function readChartRows(text: string): ChartRow[] {
  if (!text.trim()) return [];
  try {
    const rows: unknown = JSON.parse(text);
    if (!Array.isArray(rows)) return [];
    return rows.map((row: Partial<Record<keyof ChartRow, unknown>>) => ({
      size: String(row?.size ?? ''),
      footCm: String(row?.footCm ?? ''),
    }));
  } catch {
    return [];
  }
}

/** The form's `sizeChart` text for `rows` ('' for none). */
export function writeChartRows(rows: ChartRow[]): string {
  return rows.length ? JSON.stringify(rows) : '';
}

export const emptyProductForm: ProductFormValues = {
  product_id: '',
  name: '',
  info: '',
  type: '',
  model: '',
  description: '',
  specifications: '',
  material: '',
  tags: '',
  price: '',
  discount: '',
  salePrice: '',
  seller: '',
  category: '',
  quantity: '',
  stock: '',
  hsn: '',
  shipping: 'true',
  otherphoto: '',
  published: 'true',
  sizeChart: '',
};

/**
 * The product's sale prices when one of them is not its price less its discount (an exact price
 * such as an import's ₹1,299 under an MRP of ₹3,299), else '' (the discounts say it all).
 */
function exactSalePrices(p: Product): string {
  const sale = p.salePrice ?? [];
  const exact = sale.some((s, i) => toPaise(s) !== discountedPaise(p.price?.[i] ?? 0, p.discount?.[i] ?? 0));
  return exact ? joinList(sale) : '';
}

/** Fill the form from a stored product (the edit modal). */
export function productToForm(p: Product): ProductFormValues {
  return {
    product_id: p.product_id ?? '',
    name: p.name ?? '',
    info: p.info ?? '',
    type: joinList(p.type),
    model: joinList(p.model),
    description: joinList(p.description),
    specifications: joinList(p.specifications),
    material: p.material ?? '',
    tags: joinList(p.tags),
    price: joinList(p.price),
    discount: joinList(p.discount),
    salePrice: exactSalePrices(p),
    seller: p.seller ?? '',
    category: p.category?._id ?? '',
    quantity: p.quantity === undefined || p.quantity === null ? '' : String(p.quantity),
    stock: Array.isArray(p.stock) ? p.stock.join(',') : '',
    hsn: p.hsn ?? '',
    shipping: p.shipping === false ? 'false' : 'true',
    otherphoto: joinList(p.otherphoto),
    published: p.published === false ? 'false' : 'true',
    sizeChart: writeChartRows((p.ownSizeChart ?? []).map((row) => ({ size: row.size, footCm: String(row.footCm) }))),
  };
}

// `stock` is tidied as text: an entry that is not a whole number must reach the server, which
// refuses it, rather than be dropped and shift the sizes after it.
const TEXT_LISTS = ['type', 'model', 'description', 'specifications', 'tags', 'otherphoto', 'stock'] as const;
const NUMBER_LISTS = ['price', 'discount', 'salePrice'] as const;

/**
 * The multipart body the server takes: lists tidied to `a,b,c`, numbers checked, photo when
 * chosen. An empty `stock` is sent empty: one pool, `quantity`. With colours, the grid's
 * variants replace the form's lists (`appendColourFields`).
 */
export function buildProductFormData(
  values: ProductFormValues,
  photo?: File | null,
  colours: ColourGridValues = noColours,
): FormData {
  const form = new FormData();
  for (const [key, raw] of Object.entries(values) as [keyof ProductFormValues, string][]) {
    let value = raw.trim();
    if ((TEXT_LISTS as readonly string[]).includes(key)) value = parseList(raw).join(',');
    if ((NUMBER_LISTS as readonly string[]).includes(key)) value = parseNumberList(raw).join(',');
    // A row added and left blank is no size; the server checks the rest.
    if (key === 'sizeChart') {
      const rows = readChartRows(raw).filter((row) => row.size.trim() || row.footCm.trim());
      value = rows.length ? JSON.stringify(rows) : '';
    }
    if (key === 'quantity' && value) {
      const n = Number(value);
      value = Number.isFinite(n) ? String(Math.trunc(n)) : '';
    }
    form.append(key, value);
  }
  appendColourFields(form, colours);
  if (photo) form.append('photo', photo);
  return form;
}
