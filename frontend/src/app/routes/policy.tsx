import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function PolicyRoute() {
  return (
    <div className="container page page-narrow">
      <title>Privacy Policy · Paduka</title>
      <h1>Privacy Policy</h1>
      <Link to={paths.home.getHref()} className="btn btn-secondary">
        Back to Home
      </Link>
    </div>
  );
}
