// A loopback server for the hydration check: the client's development build (dist-dev), each
// drawn page's HTML = index.html with the server render inside #root (its hoisted <title> and
// preloads moved to <head>) and the first view in <head>; the API answered from the fixtures.
// HTML_DIR=dir: take each page's render from dir/<page>.<HTML_SUFFIX>.html (the rquickjs one).
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const port = Number(process.env.PORT ?? 4317);
const dist = process.env.DIST ?? '/work/spike/frontend/dist-dev';
const bundle = process.env.BUNDLE ?? '/work/spike/frontend/dist-ssr-slim/entry-server.js';
const htmlDir = process.env.HTML_DIR;
const htmlSuffix = process.env.HTML_SUFFIX ?? 'rquickjs';
const ssr = await import(bundle);
await ssr.whenReady();

const pages = Object.fromEntries(
  ['home', 'category', 'product', 'search'].map((p) => [p, JSON.parse(readFileSync(`/work/spike/fixtures/${p}.json`, 'utf8'))]),
);
const api = {};
for (const p of Object.values(pages)) Object.assign(api, p.firstView);
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

/** Splits renderToString's output: the hoisted <title>/<link>s React puts first, then the body. */
export function split(html) {
  const at = html.indexOf('<div class="app-shell"');
  return { head: html.slice(0, at), body: html.slice(at) };
}

function page(name, reqUrl) {
  const { url, firstView } = pages[name];
  const html = htmlDir ? readFileSync(`${htmlDir}/${name}.${htmlSuffix}.html`, 'utf8') : ssr.render(reqUrl, JSON.stringify(firstView));
  const { head, body } = split(html);
  const json = JSON.stringify(firstView).replace(/</g, '\\u003c');
  return template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('<head>', `<head>\n<script type="application/json" id="first-view">${json}</script>`)
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', process.env.MODE === "createRoot" ? `<div id="root">${body}</div>` : `<div id="root" data-drawn="react">${body}</div>`);
}

createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  const send = (status, type, body) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  if (u.pathname.startsWith('/api/v1/')) {
    const key = u.pathname + u.search;
    if (api[key]) return send(200, 'application/json', JSON.stringify(api[key]));
    if (u.pathname === '/api/v1/sale/allsales') return send(200, 'application/json', '{"success":true,"sales":[]}');
    if (u.pathname.startsWith('/api/v1/product/reviews/')) return send(200, 'application/json', '{"success":true,"reviews":[]}');
    if (u.pathname.startsWith('/api/v1/product/product-photo/') || u.pathname.startsWith('/api/v1/media/'))
      return send(200, 'image/svg+xml', readFileSync(join(dist, 'placeholder-shoe.svg')));
    return send(404, 'application/json', '{"success":false,"message":"not in fixtures"}');
  }
  for (const [name, p] of Object.entries(pages)) {
    const [path, query = ''] = p.url.split('?');
    if (u.pathname === path && (!query || u.search === `?${query}`)) return send(200, 'text/html', page(name, u.pathname + u.search));
  }
  const file = normalize(join(dist, u.pathname));
  if (file.startsWith(dist) && existsSync(file) && extname(file)) return send(200, types[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  return send(404, 'text/plain', 'not found');
}).listen(port, '127.0.0.1', () => console.log(`serving on http://127.0.0.1:${port}`));
