import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type AuthArea, useAuthCheck } from '../api/check-auth';
import { useAuthStore } from '../stores/auth-store';

const REFUSAL = {
  user: 'Please Login to access this page',
  admin: 'Your are not authorized to access this page',
} as const;

type AuthGuardProps = { area: AuthArea; children: ReactNode };

/** Shows its children only when the server accepts the token for the area (user-auth / admin-auth). */
export function AuthGuard({ area, children }: AuthGuardProps) {
  const token = useAuthStore((s) => s.token);
  const check = useAuthCheck(area, token);

  if (!token) return <Refusal area={area} />;
  if (check.isPending) return <Spinner label="Checking your session" />;
  if (check.isError) {
    const unreachable = !(check.error instanceof ApiError) || check.error.isNetworkError || check.error.status >= 500;
    if (unreachable) {
      return (
        <div className="container page page-narrow">
          <div className="notice notice-danger" role="alert">
            <p>Something went wrong</p>
            <button type="button" className="btn btn-secondary" onClick={() => void check.refetch()}>
              Try again
            </button>
          </div>
        </div>
      );
    }
    return <Refusal area={area} />;
  }
  if (!check.data?.ok) return <Refusal area={area} />;
  return <>{children}</>;
}

function Refusal({ area }: { area: AuthArea }) {
  const loggedIn = Boolean(useAuthStore((s) => s.token));
  return (
    <div className="container page page-narrow">
      <div className="notice guard-notice" role="alert">
        <h1 className="h3">{REFUSAL[area]}</h1>
        {loggedIn ? (
          <Link to={paths.home.getHref()} className="btn btn-primary">
            Back to Home
          </Link>
        ) : (
          <Link to={paths.login.getHref()} className="btn btn-primary">
            Go to sign in
          </Link>
        )}
      </div>
    </div>
  );
}
