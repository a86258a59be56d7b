import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

/** The router's error page (spec: 'Unexpected Application Error!'). A full reload recovers. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  if (import.meta.env.DEV && error) console.error(error);
  return (
    <div className="container page status-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="muted">{detail}</p>}
      <a href={paths.home.getHref()} className="btn btn-primary">
        Back to Home
      </a>
    </div>
  );
}
