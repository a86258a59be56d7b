import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { SaleBanner } from '@/features/sales/components/sale-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

/**
 * Navbar, sale banner, the page, and the footer, on every route.
 *
 * Each part is a Suspense boundary: on a page the server drew, React hydrates the layout at once
 * and each boundary after it, at low priority and in slices of a few milliseconds, instead of the
 * whole page in one task (decisions D32; on a phone that task was Lighthouse's blocking time).
 * Nothing in the header or footer suspends: their fallback is never shown.
 */
export function RootLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense>
        <SaleBanner />
        <Navbar />
      </Suspense>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
