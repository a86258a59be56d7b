import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import '@/features/auth/components/auth.css';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <div className="container auth-page">
      <title>Create an account · Paduka</title>
      <div className="card auth-card">
        <h1>Join Paduka</h1>
        <p className="auth-lead">We will mail you a code to confirm your e-mail.</p>
        <RegisterForm onVerified={() => navigate(paths.login.getHref())} />
      </div>
    </div>
  );
}
