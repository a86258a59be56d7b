// The shared tokens and blocks come first, so every feature stylesheet (bundled after it) can
// override them with selectors of the same weight.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteOf } from './app/routes/lazy-routes';
import { readFirstView } from './features/catalog/api/first-view';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

const start = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A page the server drew (decisions D29) stays on screen until the app can draw the same page:
// its route's code first (fetched beside the entry, see index.html), so no spinner replaces it.
if (readFirstView()) void preloadRouteOf(window.location.pathname).then(start, start);
else start();
