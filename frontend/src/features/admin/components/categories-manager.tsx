import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import type { Category } from '@/types/api';
import { useCreateCategory, type CategoryInput } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useAdminCategories } from '../api/get-admin-lists';
import { useUpdateCategory } from '../api/update-category';
import { AdminModal } from './admin-modal';
import { AdminTable, EditButton } from './admin-table';
import { DeleteButton } from './delete-button';
import { FormActions } from './form-actions';
import { saveWithToast } from '../utils/save-with-toast';

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
  const [values, setValues] = useState<CategoryInput>(initial);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await onSubmit({ name: values.name.trim(), image: values.image.trim() });
    if (saved && !onCancel) setValues({ name: '', image: '' });
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)}>
      <Field label="Name">
        {(field) => (
          <input
            {...field}
            type="text"
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
        )}
      </Field>
      {/* Not type="url": a path on this shop (as the demo categories have) is valid too, and the
          browser would refuse it without a word to the server. The server judges the value. */}
      <Field label="Image URL" hint="An http(s) address, or a path on this shop such as /api/v1/media/…">
        {(field) => (
          <input
            {...field}
            type="text"
            inputMode="url"
            autoComplete="off"
            value={values.image}
            onChange={(e) => setValues({ ...values, image: e.target.value })}
          />
        )}
      </Field>
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </form>
  );
}

/** /admin/categories: the form (name, image URL) and the table of name and id with Edit and Delete. */
export function CategoriesManager() {
  const categories = useAdminCategories('table');
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
        onSubmit={(values) =>
          saveWithToast(
            () => create.mutateAsync(values),
            () => `${values.name} created Successfully`,
            'Something went wrong',
          )
        }
      />
      <h2>All categories</h2>
      <AdminTable
        list={categories}
        loading="Loading categories"
        failed="Cannot get categories.."
        empty="No categories yet."
        headers={['Name', 'Id', 'Edit', 'Delete']}
        cells={(c) => (
          <>
            <td>{c.name}</td>
            <td className="admin-id">{c._id}</td>
            <td>
              <EditButton onClick={() => setEditing(c)} />
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
          </>
        )}
      />
      {editing ? (
        <AdminModal title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <CategoryForm
            initial={{ name: editing.name, image: editing.image ?? '' }}
            submitLabel="Save"
            submitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const saved = await saveWithToast(
                () => update.mutateAsync({ id: editing._id, ...values }),
                (reply) => reply.message ?? `${values.name} updated Successfully`,
                'Something went wrong',
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
