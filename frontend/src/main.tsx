// The shared tokens and blocks come first, so every feature stylesheet (bundled after it) can
// override them with selectors of the same weight.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteOf } from './app/routes/lazy-routes';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A page the server drew with the app's own components (entry-server.tsx, decisions D32) is
// hydrated: React adopts the markup and attaches its handlers, drawing nothing again. Its route's
// code comes first (fetched beside the entry, see index.html), so hydration renders the route
// instead of suspending. Any other page (the plain shell) the app draws itself.
if (root.firstElementChild) {
  const hydrate = () => hydrateRoot(root, app);
  void preloadRouteOf(window.location.pathname).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
