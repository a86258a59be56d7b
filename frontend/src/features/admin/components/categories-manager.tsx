import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Category } from '@/types/api';
import { useCreateCategory, type CategoryInput } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useAdminCategories } from '../api/get-admin-lists';
import { useUpdateCategory } from '../api/update-category';
import { AdminModal } from './admin-modal';
import { DeleteButton } from './delete-button';

type CategoryFormProps = {
  initial?: CategoryInput;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: CategoryInput) => Promise<boolean>;
  onCancel?: () => void;
};

function CategoryForm({
  initial = { name: '', image: '' },
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: CategoryFormProps) {
  const id = useId();
  const [values, setValues] = useState<CategoryInput>(initial);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await onSubmit({ name: values.name.trim(), image: values.image.trim() });
    if (saved && !onCancel) setValues({ name: '', image: '' });
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-image`}>
          Image URL
        </label>
        <input
          id={`${id}-image`}
          type="url"
          value={values.image}
          onChange={(e) => setValues({ ...values, image: e.target.value })}
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

/** /admin/categories: the form (name, image URL) and the table of name and id with Edit and Delete. */
export function CategoriesManager() {
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);

  return (
    <>
      <h2>Create category</h2>
      <CategoryForm
        submitLabel="Create"
        submitting={create.isPending}
        onSubmit={async (values) => {
          try {
            await create.mutateAsync(values);
            notify.success(`${values.name} created Successfully`);
            return true;
          } catch (error) {
            notify.error(errorMessage(error, 'Something went wrong'));
            return false;
          }
        }}
      />
      <h2>All categories</h2>
      {categories.isPending ? (
        <Spinner label="Loading categories" />
      ) : categories.isError ? (
        <p className="notice notice-danger">Cannot get categories..</p>
      ) : categories.data.length === 0 ? (
        <p className="notice">No categories yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Edit</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {categories.data.map((c) => (
                <tr key={c._id}>
                  <td>{c.name}</td>
                  <td className="admin-id">{c._id}</td>
                  <td>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(c)}>
                      Edit
                    </button>
                  </td>
                  <td>
                    <DeleteButton
                      mutation={remove}
                      id={c._id}
                      confirm={`Delete ${c.name}?`}
                      success={() => `${c.name} deleted Successfully`}
                      failure="Something went wrong"
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
          <CategoryForm
            initial={{ name: editing.name, image: editing.image ?? '' }}
            submitLabel="Save"
            submitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              try {
                const reply = await update.mutateAsync({ id: editing._id, ...values });
                notify.success(reply.message ?? `${values.name} updated Successfully`);
                setEditing(null);
                return true;
              } catch (error) {
                notify.error(errorMessage(error, 'Something went wrong'));
                return false;
              }
            }}
          />
        </AdminModal>
      ) : null}
    </>
  );
}
