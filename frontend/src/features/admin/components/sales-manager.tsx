import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Sale } from '@/types/api';
import { useCreateSale, type SaleInput } from '../api/create-sale';
import { useDeleteSale } from '../api/delete-sale';
import { useAdminSales } from '../api/get-admin-lists';
import { useUpdateSale } from '../api/update-sale';
import { readSaleForm, type SaleFormValues } from '../utils/sale-form';
import { formatIst, isoToIstInput } from '../utils/admin-format';
import { AdminModal } from './admin-modal';
import { DeleteButton } from './delete-button';

const EMPTY: SaleFormValues = { name: '', start: '', end: '', discount: '' };

type SaleFormProps = {
  initial?: SaleFormValues;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (input: SaleInput) => Promise<boolean>;
  onCancel?: () => void;
};

function SaleForm({ initial = EMPTY, submitLabel, submitting, onSubmit, onCancel }: SaleFormProps) {
  const id = useId();
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
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          type="text"
          required
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-start`}>
          Start (India time)
        </label>
        <input
          id={`${id}-start`}
          type="datetime-local"
          required
          value={values.start}
          onChange={(e) => set('start', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-end`}>
          End (India time)
        </label>
        <input
          id={`${id}-end`}
          type="datetime-local"
          required
          value={values.end}
          onChange={(e) => set('end', e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-discount`}>
          Discount
        </label>
        <input
          id={`${id}-discount`}
          type="number"
          min={0}
          max={100}
          required
          value={values.discount}
          onChange={(e) => set('discount', e.target.value)}
        />
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** /admin/sale: the form and the table of name, id, start, end, discount, Edit, Delete (India time). */
export function SalesManager() {
  const sales = useAdminSales();
  const create = useCreateSale();
  const update = useUpdateSale();
  const remove = useDeleteSale();
  const [editing, setEditing] = useState<Sale | null>(null);

  return (
    <>
      <h2>Create sale</h2>
      <SaleForm
        submitLabel="Create"
        submitting={create.isPending}
        onSubmit={async (input) => {
          try {
            const reply = await create.mutateAsync(input);
            notify.success(reply.message ?? `${input.name} created Successfully`);
            return true;
          } catch (error) {
            notify.error(errorMessage(error, 'Error creating sale. Please try again.'));
            return false;
          }
        }}
      />
      <h2>All sales</h2>
      {sales.isPending ? (
        <Spinner label="Loading sales" />
      ) : sales.isError ? (
        <p className="notice notice-danger">Cannot get sales. Please try again later.</p>
      ) : sales.data.length === 0 ? (
        <p className="notice">No sales yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Start</th>
                <th scope="col">End</th>
                <th scope="col">Discount</th>
                <th scope="col">Edit</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {sales.data.map((s) => (
                <tr key={s._id}>
                  <td>{s.name}</td>
                  <td className="admin-id">{s._id}</td>
                  <td>{formatIst(s.start)}</td>
                  <td>{formatIst(s.end)}</td>
                  <td>{s.discount}%</td>
                  <td>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(s)}>
                      Edit
                    </button>
                  </td>
                  <td>
                    <DeleteButton
                      mutation={remove}
                      id={s._id}
                      confirm={`Delete ${s.name}?`}
                      success={() => 'Sale deleted Successfully'}
                      failure="Error deleting sale. Please try again."
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <AdminModal title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <SaleForm
            initial={{
              name: editing.name,
              start: isoToIstInput(editing.start),
              end: isoToIstInput(editing.end),
              discount: String(editing.discount),
            }}
            submitLabel="Save"
            submitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              try {
                const reply = await update.mutateAsync({ id: editing._id, ...input });
                notify.success(reply.message ?? `${input.name} updated Successfully`);
                setEditing(null);
                return true;
              } catch (error) {
                notify.error(errorMessage(error, 'Error creating sale. Please try again.'));
                return false;
              }
            }}
          />
        </AdminModal>
      ) : null}
    </>
  );
}
