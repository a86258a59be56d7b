import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import '@/features/auth/components/auth.css';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <div className="container auth-page">
      <title>Sign in · Paduka</title>
      <div className="card auth-card">
        <h1>Sign in to your account</h1>
        <p className="auth-lead">Welcome back. Your cart is waiting.</p>
        <LoginForm onSuccess={() => navigate(paths.home.getHref())} />
      </div>
    </div>
  );
}
