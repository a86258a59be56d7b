import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { OtpField } from './otp-field';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useRegister, type RegisterInput } from '../api/register';
import { authErrorMessage } from '../utils/auth-error';

type Details = Omit<RegisterInput, 'otp'>;

const FIELDS: { key: keyof Details; label: string; type: string; autoComplete: string; hint?: string }[] = [
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters' },
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', hint: '10-digit mobile number' },
  { key: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
];

/**
 * Registration in two steps: 'Create an account' mails a code (otp null), then the code is
 * submitted with the same details; 'Email Verified Successfully' leads to /login.
 */
export function RegisterForm({ onVerified }: { onVerified: () => void }) {
  const [details, setDetails] = useState<Details>({ email: '', password: '', name: '', phone: '', address: '' });
  const [sending, setSending] = useState(false);
  const [otpShown, setOtpShown] = useState(false);
  const [otp, setOtp] = useState('');
  const register = useRegister();
  const verify = useRegister();

  const cleaned = (): Details => ({
    ...details,
    email: details.email.trim(),
    name: details.name.trim(),
    phone: details.phone.trim(),
    address: details.address.trim(),
  });

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const toastId = notify.loading('Sending OTP to your Mail...');
    setSending(true);
    setOtpShown(true);
    try {
      const reply = await register.mutateAsync({ ...cleaned(), otp: null });
      notify.resolve(toastId, 'success', reply.message || 'OTP sent to your email');
    } catch (error) {
      notify.resolve(toastId, 'error', authErrorMessage(error));
      setOtpShown(false);
    } finally {
      setSending(false);
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const reply = await verify.mutateAsync({ ...cleaned(), otp: otp.trim() });
      if (reply.success && reply.message === 'Email Verified Successfully') {
        notify.success(reply.message);
        onVerified();
      } else {
        notify.error(reply.message || 'Something went wrong');
      }
    } catch (error) {
      notify.error(authErrorMessage(error));
    }
  };

  return (
    <div className="stack">
      <form className="auth-form" onSubmit={sendCode}>
        {FIELDS.map((f) => (
          <Field key={f.key} label={f.label} hint={f.hint}>
            {(field) => (
              <input
                {...field}
                className="input"
                type={f.type}
                autoComplete={f.autoComplete}
                required
                minLength={f.key === 'password' ? 8 : undefined}
                value={details[f.key]}
                onChange={(e) => setDetails((d) => ({ ...d, [f.key]: e.target.value }))}
              />
            )}
          </Field>
        ))}
        {!sending && (
          <button type="submit" className={`btn btn-block ${otpShown ? 'btn-secondary' : 'btn-primary'}`}>
            Create an account
          </button>
        )}
      </form>

      {otpShown && (
        <form className="auth-form otp-form" onSubmit={submitCode}>
          <OtpField
            value={otp}
            onChange={setOtp}
            hint={`Enter the 6-digit code we sent to ${details.email || 'your e-mail'}.`}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={verify.isPending}>
            Submit
          </button>
        </form>
      )}

      <p className="auth-switch">
        Already have an account? <Link to={paths.login.getHref()}>Login here</Link>
      </p>
    </div>
  );
}
