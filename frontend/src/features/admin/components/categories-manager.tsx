import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import type { Category } from '@/types/api';
import { useCreateCategory, type CategoryInput } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useAdminCategories } from '../api/get-admin-lists';
import { useUpdateCategory } from '../api/update-category';
import { AdminCrudScreen, type AdminFormProps } from './admin-crud-screen';
import { FormActions } from './form-actions';

type CategoryFormProps = AdminFormProps<CategoryInput> & { initial?: CategoryInput };

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
  return (
    <AdminCrudScreen
      createHeading="Create category"
      listHeading="All categories"
      list={useAdminCategories('table')}
      table={{
        loading: 'Loading categories',
        failed: 'Cannot get categories..',
        empty: 'No categories yet.',
        headers: ['Name', 'Id'],
      }}
      cells={(c: Category) => (
        <>
          <td>{c.name}</td>
          <td className="admin-id">{c._id}</td>
        </>
      )}
      form={(props, editing) => (
        <CategoryForm {...props} initial={editing && { name: editing.name, image: editing.image ?? '' }} />
      )}
      editTitle={(c) => `Edit ${c.name}`}
      create={{
        mutation: useCreateCategory(),
        success: (_reply, values) => `${values.name} created Successfully`,
        failure: 'Something went wrong',
      }}
      update={{
        mutation: useUpdateCategory(),
        success: (reply, values) => reply.message ?? `${values.name} updated Successfully`,
        failure: 'Something went wrong',
      }}
      remove={{
        mutation: useDeleteCategory(),
        confirm: (c) => `Delete ${c.name}?`,
        success: (_reply, c) => `${c.name} deleted Successfully`,
        failure: 'Something went wrong',
      }}
    />
  );
}
