// The shared tokens and blocks come first, so every feature stylesheet (bundled after it) can
// override them with selectors of the same weight.
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteOf } from './app/routes/lazy-routes';
import { readFirstView } from './features/catalog/api/first-view';
import { AnnounceTakeover } from './app/announce-takeover';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const app = (
  <StrictMode>
    <AnnounceTakeover>
      <App />
    </AnnounceTakeover>
  </StrictMode>
);

// A page the server drew (decisions D29) stays on screen until the app can draw the same page:
// its route's code first (fetched beside the entry, see index.html), so no spinner replaces it.
// The page is readable meanwhile, so the app renders it as a transition, in slices that leave
// a phone's main thread free for taps and scrolling instead of one long task.
if (readFirstView()) {
  const takeOver = () => startTransition(() => createRoot(root).render(app));
  void preloadRouteOf(window.location.pathname).then(takeOver, takeOver);
} else {
  createRoot(root).render(app);
}
