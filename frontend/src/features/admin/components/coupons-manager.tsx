import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { CouponKind } from '@/types/api';
import { useCreateCoupon, type CouponInput } from '../api/create-coupon';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { useUpdateCoupon } from '../api/update-coupon';
import { formatCouponUses, formatCouponValue, formatIst, formatLimit } from '../utils/admin-format';
import { couponToForm, emptyCouponForm, readCouponForm, type CouponFormValues } from '../utils/coupon-form';
import { AdminCrudScreen, type AdminFormProps } from './admin-crud-screen';
import { FormActions } from './form-actions';
import { IndiaTimeRange } from './india-time-range';

const VALUE_HINT: Record<CouponKind, string> = {
  percent: 'Percent off, 1 to 90',
  amount: 'Whole rupees off, at least 1',
};

type CouponFormProps = AdminFormProps<CouponInput> & { initial?: CouponFormValues };

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
  return (
    <AdminCrudScreen
      createHeading="Create coupon"
      listHeading="All coupons"
      list={useCoupons()}
      table={{
        loading: 'Loading coupons',
        failed: 'Cannot get coupons. Please try again later.',
        empty: 'No coupons yet.',
        headers: ['Code', 'Discount', 'Min order', 'Start', 'End', 'Per shopper', 'Used'],
      }}
      cells={(c) => (
        <>
          <td className="admin-id admin-code">{c.code}</td>
          <td>{formatCouponValue(c)}</td>
          <td>{formatRupees(c.minOrder)}</td>
          <td>{formatIst(c.start)}</td>
          <td>{formatIst(c.end)}</td>
          <td>{formatLimit(c.maxUsesPerUser)}</td>
          <td>{formatCouponUses(c)}</td>
        </>
      )}
      form={(props, editing) => <CouponForm {...props} initial={editing && couponToForm(editing)} />}
      editTitle={(c) => `Edit ${c.code}`}
      create={{
        mutation: useCreateCoupon(),
        success: (reply) => reply.message ?? 'Coupon created Successfully',
        failure: 'Error saving coupon. Please try again.',
      }}
      update={{
        mutation: useUpdateCoupon(),
        success: (reply) => reply.message ?? 'Coupon updated Successfully',
        failure: 'Error saving coupon. Please try again.',
      }}
      remove={{
        mutation: useDeleteCoupon(),
        confirm: (c) => `Delete coupon ${c.code}? Orders keep what they saved.`,
        success: (reply) => reply.message ?? 'Coupon deleted Successfully',
        failure: 'Error deleting coupon. Please try again.',
      }}
    />
  );
}
