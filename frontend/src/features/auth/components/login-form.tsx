import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { InputField } from '@/components/ui/field';
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
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        placeholder="you@example.com"
        onValueChange={setEmail}
      />
      <InputField
        label="Password"
        aside={
          <Link to={paths.forgotPassword.getHref()} className="field-aside">
            Forgot password?
          </Link>
        }
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="auth-switch">
        Don’t have an account? <Link to={paths.register.getHref()}>Register</Link>
      </p>
    </form>
  );
}
