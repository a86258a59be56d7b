import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { User } from '@/types/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useAdminUpdateUser } from '../api/update-user';
import { AdminModal } from './admin-modal';
import { DeleteButton } from './delete-button';

function EditUserForm({ user, onDone }: { user: User; onDone: () => void }) {
  const id = useId();
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
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input id={`${id}-name`} type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-phone`}>
          Phone
        </label>
        <input id={`${id}-phone`} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </div>
      <div className="field field-wide">
        <label className="field-label" htmlFor={`${id}-address`}>
          Address
        </label>
        <input id={`${id}-address`} type="text" value={address} onChange={(e) => setAddress(e.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-role`}>
          Role
        </label>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="0">User</option>
          <option value="1">Admin</option>
        </select>
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** /admin/users: Email, Name, Phone, Address, Edit (name, phone, address, role), Delete (not yourself). */
export function UsersManager() {
  const users = useUsers();
  const remove = useDeleteUser();
  const myId = useAuthStore((s) => s._id);
  const [editing, setEditing] = useState<User | null>(null);

  if (users.isPending) return <Spinner label="Loading users" />;
  if (users.isError) return <p className="notice notice-danger">{errorMessage(users.error, 'Something went wrong')}</p>;
  if (users.data.length === 0) return <p className="notice">No users yet.</p>;

  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Address</th>
              <th scope="col">Edit</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => {
              const self = u._id === myId;
              return (
                <tr key={u._id}>
                  <td>{u.email}</td>
                  <td>{u.name}</td>
                  <td>{u.phone}</td>
                  <td>{u.address}</td>
                  <td>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(u)}>
                      Edit
                    </button>
                  </td>
                  <td>
                    <DeleteButton
                      mutation={remove}
                      id={u._id}
                      confirm={`Delete ${u.name}?`}
                      success={() => `${u.name} deleted Successfully`}
                      failure="Something went wrong"
                      disabledReason={self ? 'You cannot delete yourself' : undefined}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editing ? (
        <AdminModal title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <EditUserForm user={editing} onDone={() => setEditing(null)} />
        </AdminModal>
      ) : null}
    </>
  );
}
