import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Category } from '@/types/api';
import type { Seller } from '../api/get-sellers';
import { emptyProductForm, type ProductFormValues } from '../utils/product-form';
import { FormActions } from './form-actions';

type ProductFormProps = {
  initial?: ProductFormValues;
  /** Where the current photo is served, when editing a product that has one. */
  currentPhotoUrl?: string;
  categories: Category[];
  sellers: Seller[];
  submitLabel: string;
  submitting: boolean;
  /** Resolves true when saved; the create form then empties itself. */
  onSubmit: (values: ProductFormValues, photo: File | null) => Promise<boolean>;
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
  { key: 'description', label: 'Description', hint: 'Comma separated', wide: true, multiline: true },
  { key: 'specifications', label: 'Specifications', hint: 'Comma separated', wide: true, multiline: true },
  { key: 'material', label: 'Material' },
  { key: 'tags', label: 'Tags', hint: 'Comma separated' },
  { key: 'quantity', label: 'Quantity', inputMode: 'numeric' },
  { key: 'otherphoto', label: 'Other photos', hint: 'Image URLs, comma separated', wide: true },
];

/** The product form shared by create and the edit modal; no client validation (spec). */
export function ProductForm(props: ProductFormProps) {
  const { initial = emptyProductForm, currentPhotoUrl, categories, sellers, submitLabel, submitting } = props;
  const id = useId();
  const [values, setValues] = useState<ProductFormValues>(initial);
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

  const set = (key: keyof ProductFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await props.onSubmit(values, photo);
    if (saved && props.resetOnSuccess) {
      setValues(emptyProductForm);
      setPhoto(null);
      setPhotoKey((k) => k + 1);
    }
  };

  const shownPreview = photo ? preview : currentPhotoUrl;

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-category`}>
          Category
        </label>
        <select id={`${id}-category`} value={values.category} onChange={(e) => set('category', e.target.value)}>
          <option value="">Select a category</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-seller`}>
          Seller
        </label>
        <select id={`${id}-seller`} value={values.seller} onChange={(e) => set('seller', e.target.value)}>
          <option value="">Select a seller</option>
          {sellers.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name ?? s._id}
            </option>
          ))}
        </select>
      </div>
      {TEXT_FIELDS.map((f) => {
        const fieldId = `${id}-${f.key}`;
        const hintId = f.hint ? `${fieldId}-hint` : undefined;
        return (
          <div key={f.key} className={`field${f.wide ? ' field-wide' : ''}`}>
            <label className="field-label" htmlFor={fieldId}>
              {f.label}
            </label>
            {f.multiline ? (
              <textarea
                id={fieldId}
                rows={2}
                value={values[f.key]}
                aria-describedby={hintId}
                onChange={(e) => set(f.key, e.target.value)}
              />
            ) : (
              <input
                id={fieldId}
                type="text"
                inputMode={f.inputMode}
                value={values[f.key]}
                aria-describedby={hintId}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
            {f.hint ? (
              <span id={hintId} className="field-hint">
                {f.hint}
              </span>
            ) : null}
          </div>
        );
      })}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-shipping`}>
          Shipping
        </label>
        <select id={`${id}-shipping`} value={values.shipping} onChange={(e) => set('shipping', e.target.value)}>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-photo`}>
          Photo
        </label>
        <input
          key={photoKey}
          id={`${id}-photo`}
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
      </div>
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={props.onCancel} />
    </form>
  );
}
