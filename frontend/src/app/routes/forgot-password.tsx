import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import '@/features/auth/components/auth.css';

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <div className="container auth-page">
      <title>Reset your password · Paduka</title>
      <div className="card auth-card">
        <h1>Reset your password</h1>
        <p className="auth-lead">We will mail you a code to set a new password.</p>
        <ForgotPasswordForm onReset={() => navigate(paths.login.getHref())} />
      </div>
    </div>
  );
}
