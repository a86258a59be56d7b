import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import type { Sale } from '@/types/api';
import { useCreateSale, type SaleInput } from '../api/create-sale';
import { useDeleteSale } from '../api/delete-sale';
import { useAdminSales } from '../api/get-admin-lists';
import { useUpdateSale } from '../api/update-sale';
import { readSaleForm, type SaleFormValues } from '../utils/sale-form';
import { formatIst, isoToIstInput } from '../utils/admin-format';
import { AdminCrudScreen, type AdminFormProps } from './admin-crud-screen';
import { FormActions } from './form-actions';
import { IndiaTimeRange } from './india-time-range';

const EMPTY: SaleFormValues = { name: '', start: '', end: '', discount: '' };

type SaleFormProps = AdminFormProps<SaleInput> & { initial?: SaleFormValues };

function SaleForm({ initial = EMPTY, submitLabel, submitting, onSubmit, onCancel }: SaleFormProps) {
  const [values, setValues] = useState<SaleFormValues>(initial);
  const set = (key: keyof SaleFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = readSaleForm(values);
    if (!input) {
      notify.error('Fill all details');
      return;
    }
    const saved = await onSubmit(input);
    if (saved && !onCancel) setValues(EMPTY);
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Name">
        {(field) => (
          <input {...field} type="text" required value={values.name} onChange={(e) => set('name', e.target.value)} />
        )}
      </Field>
      <IndiaTimeRange start={values.start} end={values.end} onChange={set} />
      <Field label="Discount">
        {(field) => (
          <input
            {...field}
            type="number"
            min={0}
            max={100}
            required
            value={values.discount}
            onChange={(e) => set('discount', e.target.value)}
          />
        )}
      </Field>
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </form>
  );
}

/** /admin/sale: the form and the table of name, id, start, end, discount, Edit, Delete (India time). */
export function SalesManager() {
  return (
    <AdminCrudScreen
      createHeading="Create sale"
      listHeading="All sales"
      list={useAdminSales()}
      table={{
        loading: 'Loading sales',
        failed: 'Cannot get sales. Please try again later.',
        empty: 'No sales yet.',
        headers: ['Name', 'Id', 'Start', 'End', 'Discount'],
      }}
      cells={(s: Sale) => (
        <>
          <td>{s.name}</td>
          <td className="admin-id">{s._id}</td>
          <td>{formatIst(s.start)}</td>
          <td>{formatIst(s.end)}</td>
          <td>{s.discount}%</td>
        </>
      )}
      form={(props, editing) => (
        <SaleForm
          {...props}
          initial={
            editing && {
              name: editing.name,
              start: isoToIstInput(editing.start),
              end: isoToIstInput(editing.end),
              discount: String(editing.discount),
            }
          }
        />
      )}
      editTitle={(s) => `Edit ${s.name}`}
      create={{
        mutation: useCreateSale(),
        success: (reply, input) => reply.message ?? `${input.name} created Successfully`,
        failure: 'Error creating sale. Please try again.',
      }}
      update={{
        mutation: useUpdateSale(),
        success: (reply, input) => reply.message ?? `${input.name} updated Successfully`,
        failure: 'Error updating sale. Please try again.',
      }}
      remove={{
        mutation: useDeleteSale(),
        confirm: (s) => `Delete ${s.name}?`,
        success: () => 'Sale deleted Successfully',
        failure: 'Error deleting sale. Please try again.',
      }}
    />
  );
}
