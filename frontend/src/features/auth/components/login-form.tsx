import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useLogin } from '../api/login';
import { useAuthStore } from '../stores/auth-store';
import { authErrorMessage } from '../utils/auth-error';

/** 'Sign in to your account': e-mail, password, 'Sign in'. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
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
      <Field label="Email">
        {(field) => (
          <input
            {...field}
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        )}
      </Field>
      <Field
        label="Password"
        aside={
          <Link to={paths.forgotPassword.getHref()} className="field-aside">
            Forgot password?
          </Link>
        }
      >
        {(field) => (
          <input
            {...field}
            className="input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="auth-switch">
        Don’t have an account? <Link to={paths.register.getHref()}>Register</Link>
      </p>
    </form>
  );
}
