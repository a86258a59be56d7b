import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard tabTitle="Sign in" heading="Sign in to your account" lead="Welcome back. Your cart is waiting.">
      <LoginForm onSuccess={() => navigate(paths.home.getHref())} />
    </AuthCard>
  );
}
