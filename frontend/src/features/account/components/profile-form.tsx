import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field, InputField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { User } from '@/types/api';
import { useUpdateUser } from '../api/update-user';

/** Name, phone and address can change; the e-mail is shown but cannot. */
export function ProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [address, setAddress] = useState(user.address ?? '');
  const update = useUpdateUser();
  const updateStoredUser = useAuthStore((s) => s.updateUser);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const patch = { name: name.trim(), phone: phone.trim(), address: address.trim() };
    try {
      const reply = await update.mutateAsync({
        id: user._id,
        newname: patch.name,
        newphone: patch.phone,
        newaddress: patch.address,
      });
      updateStoredUser(
        reply.user ? { name: reply.user.name, phone: reply.user.phone, address: reply.user.address } : patch,
      );
      notify.success(reply.message || 'Profile Updated Successfully');
    } catch (error) {
      notify.error(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <form className="card card-pad profile-form" onSubmit={submit}>
      <InputField label="Full Name" autoComplete="name" required value={name} onValueChange={setName} />
      <Field label="Email" hint="Your e-mail is your sign-in and stays the same.">
        {(field) => (
          <input
            {...field}
            className="input input-locked"
            type="email"
            value={user.email}
            onChange={() => notify.error('Cannot change Email', { toastId: 'email-locked' })}
          />
        )}
      </Field>
      <InputField label="Phone" type="tel" autoComplete="tel" required value={phone} onValueChange={setPhone} />
      <Field label="Address">
        {(field) => (
          <textarea
            {...field}
            className="textarea"
            autoComplete="street-address"
            required
            rows={3}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
        )}
      </Field>
      <div className="profile-actions">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Edit'}
        </button>
        <Link to={paths.user.orders.getHref()} className="btn btn-secondary">
          Show Orders
        </Link>
      </div>
    </form>
  );
}
