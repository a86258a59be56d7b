import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useLogin } from '../api/login';
import { useAuthStore } from '../stores/auth-store';
import { authErrorMessage } from '../utils/auth-error';

/** 'Sign in to your account': e-mail, password, 'Sign in'. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const setSession = useAuthStore((s) => s.setSession);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const reply = await login.mutateAsync({ email: email.trim(), password });
      setSession({ user: reply.user, token: reply.token, _id: reply._id });
      notify.success(reply.message || 'Login successfully');
      onSuccess();
    } catch (error) {
      notify.error(authErrorMessage(error));
    }
  };

  return (
    <form className="auth-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field-label">
          Email
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
      </div>
      <div className="field">
        <div className="field-row">
          <label htmlFor={`${id}-password`} className="field-label">
            Password
          </label>
          <Link to={paths.forgotPassword.getHref()} className="field-aside">
            Forgot password?
          </Link>
        </div>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="auth-switch">
        Don’t have an account? <Link to={paths.register.getHref()}>Register</Link>
      </p>
    </form>
  );
}
