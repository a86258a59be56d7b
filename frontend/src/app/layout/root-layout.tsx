import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { SaleBanner } from '@/features/sales/components/sale-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

/** Navbar, sale banner, the page, and the footer, on every route. */
export function RootLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SaleBanner />
      <Navbar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
