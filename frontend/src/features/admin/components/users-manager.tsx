import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { User } from '@/types/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useAdminUpdateUser } from '../api/update-user';
import { AdminModal } from './admin-modal';
import { AdminTable, EditButton } from './admin-table';
import { DeleteButton } from './delete-button';
import { FormActions } from './form-actions';

function EditUserForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useAdminUpdateUser();
  const [name, setName] = useState(user.name ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [address, setAddress] = useState(user.address ?? '');
  const [role, setRole] = useState(String(user.role ?? 0));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { id: user._id, newname: name.trim(), newphone: phone.trim(), newaddress: address.trim(), newrole: Number(role) },
      {
        onSuccess: (reply) => {
          notify.success(reply.message ?? 'Profile Updated Successfully');
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error, 'Something went wrong')),
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      <Field label="Name">
        {(field) => <input {...field} type="text" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Phone">
        {(field) => <input {...field} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </Field>
      <Field label="Role">
        {(field) => (
          <select {...field} value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="0">User</option>
            <option value="1">Admin</option>
          </select>
        )}
      </Field>
      <Field label="Address" wide>
        {(field) => <input {...field} type="text" value={address} onChange={(e) => setAddress(e.target.value)} />}
      </Field>
      <FormActions submitLabel="Save" submitting={update.isPending} onCancel={onDone} />
    </form>
  );
}

/** /admin/users: Email, Name, Phone, Address, Edit (name, phone, address, role), Delete (not yourself). */
export function UsersManager() {
  const users = useUsers();
  const remove = useDeleteUser();
  const myId = useAuthStore((s) => s._id);
  const [editing, setEditing] = useState<User | null>(null);

  return (
    <>
      <AdminTable
        list={users}
        loading="Loading users"
        failed={users.isError ? errorMessage(users.error, 'Something went wrong') : ''}
        empty="No users yet."
        headers={['Email', 'Name', 'Phone', 'Address']}
        actions={['Edit', 'Delete']}
        cells={(u) => (
          <>
            <td>{u.email}</td>
            <td>{u.name}</td>
            <td>{u.phone}</td>
            <td>{u.address}</td>
            <td>
              <EditButton onClick={() => setEditing(u)} />
            </td>
            <td>
              <DeleteButton
                mutation={remove}
                id={u._id}
                confirm={`Delete ${u.name}?`}
                success={() => `${u.name} deleted Successfully`}
                failure="Something went wrong"
                disabledReason={u._id === myId ? 'You cannot delete yourself' : undefined}
              />
            </td>
          </>
        )}
      />
      {editing ? (
        <AdminModal title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <EditUserForm user={editing} onDone={() => setEditing(null)} />
        </AdminModal>
      ) : null}
    </>
  );
}
