import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Coupon, CouponKind } from '@/types/api';
import { useCreateCoupon, type CouponInput } from '../api/create-coupon';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { useUpdateCoupon } from '../api/update-coupon';
import { formatCouponUses, formatCouponValue, formatIst, formatLimit } from '../utils/admin-format';
import { couponToForm, emptyCouponForm, readCouponForm, type CouponFormValues } from '../utils/coupon-form';
import { saveWithToast } from '../utils/save-with-toast';
import { AdminModal } from './admin-modal';
import { AdminTable, EditButton } from './admin-table';
import { DeleteButton } from './delete-button';
import { FormActions } from './form-actions';
import { IndiaTimeRange } from './india-time-range';

const VALUE_HINT: Record<CouponKind, string> = {
  percent: 'Percent off, 1 to 90',
  amount: 'Whole rupees off, at least 1',
};

type CouponFormProps = {
  initial?: CouponFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (input: CouponInput) => Promise<boolean>;
  onCancel?: () => void;
};

function CouponForm({ initial = emptyCouponForm, submitLabel, submitting, onSubmit, onCancel }: CouponFormProps) {
  const [values, setValues] = useState<CouponFormValues>(initial);
  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = readCouponForm(values);
    if (!input) {
      notify.error('Fill all details');
      return;
    }
    const saved = await onSubmit(input);
    if (saved && !onCancel) setValues(emptyCouponForm);
  };
  const number = (key: 'value' | 'minOrder' | 'maxUses' | 'maxUsesPerUser', label: string, hint: string) => (
    <Field label={label} hint={hint}>
      {(field) => (
        <input
          {...field}
          type="number"
          inputMode="numeric"
          min={key === 'minOrder' ? 0 : 1}
          step={1}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Code" hint="3 to 20 letters or digits">
        {(field) => (
          <input
            {...field}
            type="text"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={values.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
          />
        )}
      </Field>
      <Field label="Kind">
        {(field) => (
          <select {...field} value={values.kind} onChange={(e) => set('kind', e.target.value as CouponKind)}>
            <option value="percent">Percent off</option>
            <option value="amount">Rupees off</option>
          </select>
        )}
      </Field>
      {number('value', 'Value', VALUE_HINT[values.kind])}
      {number('minOrder', 'Minimum order (₹)', 'Whole rupees; empty for none')}
      <IndiaTimeRange start={values.start} end={values.end} onChange={set} />
      {number('maxUses', 'Max uses', 'Orders in all; empty for no limit')}
      {number('maxUsesPerUser', 'Max uses per shopper', 'Empty for no limit')}
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </form>
  );
}

/** /admin/coupons: the form and the table of code, discount, minimum, dates, limits and uses (India time). */
export function CouponsManager() {
  const coupons = useCoupons();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Coupon | null>(null);

  return (
    <>
      <h2>Create coupon</h2>
      <CouponForm
        submitLabel="Create"
        submitting={create.isPending}
        onSubmit={(input) =>
          saveWithToast(
            () => create.mutateAsync(input),
            (reply) => reply.message ?? 'Coupon created Successfully',
            'Error saving coupon. Please try again.',
          )
        }
      />
      <h2>All coupons</h2>
      <AdminTable
        list={coupons}
        loading="Loading coupons"
        failed="Cannot get coupons. Please try again later."
        empty="No coupons yet."
        headers={['Code', 'Discount', 'Min order', 'Start', 'End', 'Per shopper', 'Used', 'Edit', 'Delete']}
        cells={(c) => (
          <>
            <td className="admin-id admin-code">{c.code}</td>
            <td>{formatCouponValue(c)}</td>
            <td>{formatRupees(c.minOrder)}</td>
            <td>{formatIst(c.start)}</td>
            <td>{formatIst(c.end)}</td>
            <td>{formatLimit(c.maxUsesPerUser)}</td>
            <td>{formatCouponUses(c)}</td>
            <td>
              <EditButton onClick={() => setEditing(c)} />
            </td>
            <td>
              <DeleteButton
                mutation={remove}
                id={c._id}
                confirm={`Delete coupon ${c.code}? Orders keep what they saved.`}
                success={(reply) => reply.message ?? 'Coupon deleted Successfully'}
                failure="Error deleting coupon. Please try again."
              />
            </td>
          </>
        )}
      />
      {editing ? (
        <AdminModal title={`Edit ${editing.code}`} onClose={() => setEditing(null)}>
          <CouponForm
            initial={couponToForm(editing)}
            submitLabel="Save"
            submitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              const saved = await saveWithToast(
                () => update.mutateAsync({ id: editing._id, ...input }),
                (reply) => reply.message ?? 'Coupon updated Successfully',
                'Error saving coupon. Please try again.',
              );
              if (saved) setEditing(null);
              return saved;
            }}
          />
        </AdminModal>
      ) : null}
    </>
  );
}
