import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard
      tabTitle="Reset your password"
      heading="Reset your password"
      lead="We will mail you a code to set a new password."
    >
      <ForgotPasswordForm onReset={() => navigate(paths.login.getHref())} />
    </AuthCard>
  );
}
