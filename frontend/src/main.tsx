// The shared tokens and blocks come first, so every feature stylesheet (bundled after it) can
// override them with selectors of the same weight.
import './styles/base.css';
import { StrictMode } from 'react';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { preloadRouteOf } from './app/routes/lazy-routes';
import { createSeededQueryClient } from './features/catalog/api/first-view';
import { nextTask } from './lib/next-task';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

/**
 * A page the server drew with the app's own components (entry-server.tsx, decisions D32) is
 * hydrated: React adopts the markup and attaches its handlers, drawing nothing again. Its route's
 * code comes first (fetched beside the entry, see index.html), so hydration renders the route
 * instead of suspending. Any other page (the plain shell) the app draws itself.
 *
 * Each step runs in a task of its own: on a phone (Lighthouse's 4x slower CPU) the app's code,
 * ICU's rupee format (now written by format.ts itself), React's DOM renderer and the router were
 * one task of about 150 ms before hydration even began.
 */
async function start(container: HTMLElement) {
  const drawn = container.firstElementChild !== null;
  if (drawn) await preloadRouteOf(window.location.pathname).catch(() => undefined);
  await nextTask();
  // React's DOM renderer is the largest part of the app's code: it is compiled when first run.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The data the page carries (its first view), read into the app's cache.
  const queryClient = createSeededQueryClient();
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  if (drawn) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);
