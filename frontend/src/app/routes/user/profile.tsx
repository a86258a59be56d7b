import { StoreCreditCard } from '@/features/account/components/store-credit';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import '@/features/account/components/account.css';

export function ProfileRoute() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <div className="container page page-narrow">
      <title>Your profile · Paduka</title>
      <div className="account-head">
        <span className="avatar" aria-hidden="true">
          {(user.name || user.email || '?').trim().charAt(0).toUpperCase()}
        </span>
        <div>
          <h1>Your profile</h1>
          <p className="muted" style={{ margin: 0 }}>
            Keep your details current for faster checkout.
          </p>
        </div>
      </div>
      <StoreCreditCard userId={user._id} />
      <ProfileForm key={user._id} user={user} />
    </div>
  );
}
