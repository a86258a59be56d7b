// The server's render of the storefront's drawn pages (decisions D32): the app's own route table
// and components, with react-query's cache seeded from the first view exactly as the browser
// seeds it (first-view.ts), drawn by react-router's static router and React's renderToString.
// The browser's main.tsx then hydrates the same tree from the same first view.
//
// Built by `npm run build` (vite.ssr.config.ts) into dist/server/entry-server.js, one ES module
// with no imports, run by the Rust server's embedded engine (QuickJS through rquickjs,
// crates/web/src/ssr) after its shims (crates/web/src/ssr/shims.js), or by Node.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { CategoryRoute, ProductRoute, SearchRoute } from './app/routes/lazy-routes';
import { seedFirstView, type FirstView } from './features/catalog/api/first-view';
import { createQueryClient } from './lib/query-client';

// The routes the server draws are loaded on first visit in the browser; here their code is in
// this file, but `import()` still answers in a later microtask: the host runs the pending jobs
// once after loading this module, and `ready()` says whether they are loaded.
let loaded = false;
const loading = Promise.all([CategoryRoute.preload(), ProductRoute.preload(), SearchRoute.preload()]).then(() => {
  loaded = true;
});
export const ready = (): boolean => loaded;
export const whenReady = (): Promise<void> => loading;

const handler = createStaticHandler(routes);

/** What `handler.query(request)` gives for routes without loaders, without `Request`/`URL`. */
function staticContext(url: string): StaticHandlerContext {
  const hash = url.indexOf('#');
  const noHash = hash >= 0 ? url.slice(0, hash) : url;
  const q = noHash.indexOf('?');
  const pathname = q >= 0 ? noHash.slice(0, q) : noHash;
  const search = q >= 0 ? noHash.slice(q) : '';
  const location = { pathname, search, hash: hash >= 0 ? url.slice(hash) : '', state: null, key: 'default' };
  const matches = matchRoutes(handler.dataRoutes, location);
  if (!matches) throw new Error(`no route for ${pathname}`);
  return {
    basename: '/',
    location,
    matches: matches as StaticHandlerContext['matches'],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  };
}

/**
 * The HTML inside `#root` for `url` (a path with its query, as the browser's address bar has it),
 * drawn from `firstViewJson`: the `<script id="first-view">` object the page carries.
 */
export function render(url: string, firstViewJson: string): string {
  if (!loaded) throw new Error('entry-server: routes not loaded yet (run pending jobs after loading)');
  const view = JSON.parse(firstViewJson) as FirstView;
  const client = createQueryClient();
  seedFirstView(client, view, url);
  const context = staticContext(url);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider queryClient={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  client.clear();
  return html;
}
