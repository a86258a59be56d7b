import { Link } from 'react-router';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

export function NotFoundRoute() {
  return (
    <div className="container page status-page">
      <title>Page Not Found · Paduka</title>
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Back to Home
      </Link>
    </div>
  );
}
