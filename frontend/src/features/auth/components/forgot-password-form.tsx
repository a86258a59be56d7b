import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { InputField } from '@/components/ui/field';
import { OtpField } from './otp-field';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { authErrorMessage } from '../utils/auth-error';

/** Mail a code to the address, then set a new password with it. */
export function ForgotPasswordForm({ onReset }: { onReset: () => void }) {
  const [email, setEmail] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const forgot = useForgotPassword();
  const reset = useResetPassword();

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const reply = await forgot.mutateAsync({ email: email.trim() });
      notify.success(reply.message || 'OTP sent to your email');
      setCodeSent(true);
    } catch (error) {
      notify.error(authErrorMessage(error));
    }
  };

  const submitReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const reply = await reset.mutateAsync({ email: email.trim(), otp: otp.trim(), password });
      notify.success(reply.message || 'Password changed');
      onReset();
    } catch (error) {
      notify.error(authErrorMessage(error));
    }
  };

  return (
    <div className="stack">
      <form className="auth-form" onSubmit={sendCode}>
        <InputField label="Email" type="email" autoComplete="email" required value={email} onValueChange={setEmail} />
        <button
          type="submit"
          className={`btn btn-block ${codeSent ? 'btn-secondary' : 'btn-primary'}`}
          disabled={forgot.isPending}
        >
          {codeSent ? 'Send the code again' : 'Send reset code'}
        </button>
      </form>

      {codeSent && (
        <form className="auth-form otp-form" onSubmit={submitReset}>
          <OtpField value={otp} onChange={setOtp} />
          <InputField
            label="New password"
            hint="At least 8 characters"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onValueChange={setPassword}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
            Reset password
          </button>
        </form>
      )}

      <p className="auth-switch">
        Remembered it? <Link to={paths.login.getHref()}>Sign in</Link>
      </p>
    </div>
  );
}
