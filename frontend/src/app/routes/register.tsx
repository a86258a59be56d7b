import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard tabTitle="Create an account" heading="Join Paduka" lead="We will mail you a code to confirm your e-mail.">
      <RegisterForm onVerified={() => navigate(paths.login.getHref())} />
    </AuthCard>
  );
}
