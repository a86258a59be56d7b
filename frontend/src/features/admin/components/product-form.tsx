import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import type { Category } from '@/types/api';
import type { Seller } from '../api/get-sellers';
import {
  addColour,
  gridHoldsVariants,
  isVariantField,
  noColours,
  plainFromLastColour,
  removeColour,
  type ColourGridValues,
} from '../utils/colour-grid';
import { emptyProductForm, type ProductFormValues } from '../utils/product-form';
import { ColourEditor } from './colour-editor';
import { FormActions } from './form-actions';
import { SizeChartEditor } from './size-chart-editor';

type ProductFormProps = {
  initial?: ProductFormValues;
  /** The product's colours and their grid of variants, when editing one that has colours. */
  initialColours?: ColourGridValues;
  /** Where the current photo is served, when editing a product that has one. */
  currentPhotoUrl?: string;
  categories: Category[];
  sellers: Seller[];
  submitLabel: string;
  submitting: boolean;
  /** Resolves true when saved; the create form then empties itself. */
  onSubmit: (values: ProductFormValues, photo: File | null, colours: ColourGridValues) => Promise<boolean>;
  onCancel?: () => void;
  resetOnSuccess?: boolean;
};

type TextField = {
  key: keyof ProductFormValues;
  label: string;
  hint?: string;
  wide?: boolean;
  multiline?: boolean;
  inputMode?: 'numeric' | 'decimal';
};

const TEXT_FIELDS: TextField[] = [
  { key: 'product_id', label: 'Product Id' },
  { key: 'name', label: 'Name' },
  { key: 'info', label: 'Info', wide: true },
  { key: 'type', label: 'Types', hint: 'Variant labels, comma separated' },
  { key: 'model', label: 'Models', hint: 'Comma separated' },
  { key: 'price', label: 'Prices', hint: 'One per variant, comma separated', inputMode: 'decimal' },
  { key: 'discount', label: 'Discounts', hint: 'Percent, one per variant, comma separated', inputMode: 'decimal' },
  {
    key: 'salePrice',
    label: 'Sale prices',
    hint: 'Optional: the exact price per variant, at most its price; editing prices or discounts empties it',
    inputMode: 'decimal',
  },
  { key: 'description', label: 'Description', hint: 'Comma separated', wide: true, multiline: true },
  { key: 'specifications', label: 'Specifications', hint: 'Comma separated', wide: true, multiline: true },
  { key: 'material', label: 'Material' },
  { key: 'tags', label: 'Tags', hint: 'Comma separated' },
  { key: 'quantity', label: 'Quantity', inputMode: 'numeric' },
  {
    key: 'stock',
    label: 'Stock per size',
    hint: 'One number per size, in price order; leave empty for one pool',
    inputMode: 'numeric',
  },
  {
    key: 'hsn',
    label: 'HSN code',
    hint: "4 to 8 digits, for tax invoices; empty for the shop's default",
    inputMode: 'numeric',
  },
  { key: 'otherphoto', label: 'Other photos', hint: 'Image URLs, comma separated', wide: true },
];

/** The product form shared by create and the edit modal; no client validation (spec). */
export function ProductForm(props: ProductFormProps) {
  const { initial = emptyProductForm, currentPhotoUrl, categories, sellers, submitLabel, submitting } = props;
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [colours, setColours] = useState<ColourGridValues>(props.initialColours ?? noColours);
  const [uploading, setUploading] = useState(0);
  const [photo, setPhotoState] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>('');
  const [photoKey, setPhotoKey] = useState(0);
  const previewRef = useRef('');

  /** Choose (or clear) the photo, replacing the preview's object URL. */
  const setPhoto = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
    setPhotoState(file);
    setPreview(previewRef.current);
  };

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  // New prices or discounts price each size afresh (the server keeps an unchanged size's sale
  // price), so the exact sale prices they would contradict go.
  const set = (key: keyof ProductFormValues, value: string) =>
    setValues((v) => ({ ...v, [key]: value, ...(key === 'price' || key === 'discount' ? { salePrice: '' } : {}) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await props.onSubmit(values, photo, colours);
    if (saved && props.resetOnSuccess) {
      setValues(emptyProductForm);
      setColours(noColours);
      setPhoto(null);
      setPhotoKey((k) => k + 1);
    }
  };

  const shownPreview = photo ? preview : currentPhotoUrl;
  // With colours, the grid holds the variants and the form's variant lists give way to it.
  const shownFields = gridHoldsVariants(colours) ? TEXT_FIELDS.filter((f) => !isVariantField(f.key)) : TEXT_FIELDS;

  const addFirstOrNextColour = () => setColours((g) => addColour(g, values));
  const dropColour = (key: string) => {
    // The last colour's variants go back to the form's lists, so nothing typed is lost.
    if (colours.colours.length === 1) setValues((v) => ({ ...v, ...plainFromLastColour(colours) }));
    setColours((g) => removeColour(g, key));
  };

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)}>
      <Field label="Category">
        {(field) => (
          <select {...field} value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Seller">
        {(field) => (
          <select {...field} value={values.seller} onChange={(e) => set('seller', e.target.value)}>
            <option value="">Select a seller</option>
            {sellers.map((s) => (
              <option key={s._id} value={s._id}>
                {s.name ?? s._id}
              </option>
            ))}
          </select>
        )}
      </Field>
      {shownFields.map((f) => (
        <Field key={f.key} label={f.label} hint={f.hint} wide={f.wide}>
          {(field) =>
            f.multiline ? (
              <textarea {...field} rows={2} value={values[f.key]} onChange={(e) => set(f.key, e.target.value)} />
            ) : (
              <input
                {...field}
                type="text"
                inputMode={f.inputMode}
                value={values[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )
          }
        </Field>
      ))}
      <ColourEditor
        grid={colours}
        setGrid={setColours}
        onAddColour={addFirstOrNextColour}
        onRemoveColour={dropColour}
        onUploading={(n) => setUploading((u) => u + n)}
      />
      <Field label="Shipping">
        {(field) => (
          <select {...field} value={values.shipping} onChange={(e) => set('shipping', e.target.value)}>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        )}
      </Field>
      <Field label="Published" hint="Unticked: a draft, which only admins see and nobody can order">
        {(field) => (
          <input
            {...field}
            type="checkbox"
            checked={values.published !== 'false'}
            onChange={(e) => set('published', e.target.checked ? 'true' : 'false')}
          />
        )}
      </Field>
      <SizeChartEditor value={values.sizeChart} onChange={(v) => set('sizeChart', v)} sizes={values.type} />
      <Field label="Photo">
        {(field) => (
          <>
            <input
              {...field}
              key={photoKey}
              type="file"
              accept="image/*"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                setPhoto(file && file.type.startsWith('image/') ? file : null);
              }}
            />
            {shownPreview ? (
              <img
                className="admin-photo-preview"
                src={shownPreview}
                alt="Product photo preview"
                width={120}
                height={120}
              />
            ) : null}
          </>
        )}
      </Field>
      <FormActions submitLabel={submitLabel} submitting={submitting || uploading > 0} onCancel={props.onCancel} />
    </form>
  );
}
