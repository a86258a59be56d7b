// The data each storefront page preloads from index.html must be exactly what the app then
// asks for, or the browser fetches it twice (and warns that a preload went unused).
import { afterEach, describe, expect, it } from 'vitest';
import { getCategories } from '@/features/catalog/api/get-categories';
import { getFeatured } from '@/features/catalog/api/get-featured';
import { getProduct } from '@/features/catalog/api/get-product';
import { getProductPage } from '@/features/catalog/api/get-product-pages';
import { DEFAULT_SORT } from '@/features/catalog/utils/listing';
import { getSales } from '@/features/sales/api/get-sales';
import { apiUrl, configureApiClient } from '@/lib/api-client';
import { FIRST_VIEW_ID } from '@/features/catalog/api/first-view';
import html from '../index.html?raw';

const inline = /<script data-route-chunks[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

type Link = { rel: string; as: string; href: string; crossOrigin: string };

/**
 * The links the inline script adds when the page's path is `path`, the build named `chunks` and
 * the server's first view holds `held` (decisions D29).
 */
function links(path: string, chunks?: Record<string, string[]>, held?: Record<string, unknown>): Link[] {
  const added: Link[] = [];
  const document = {
    currentScript: chunks ? { dataset: { routeChunks: JSON.stringify(chunks) } } : null,
    getElementById: (id: string) => (held && id === FIRST_VIEW_ID ? { textContent: JSON.stringify(held) } : null),
    createElement: () => ({ rel: '', as: '', href: '', crossOrigin: '' }),
    addEventListener: () => undefined,
    head: { appendChild: (link: Link) => added.push(link) },
  };
  new Function('location', 'document', inline)({ pathname: path }, document);
  return added;
}

/** The data the inline script preloads when the page's path is `path`. */
function preloaded(path: string): string[] {
  const data = links(path).filter((link) => link.rel === 'preload');
  for (const link of data) expect([link.as, link.crossOrigin]).toEqual(['fetch', 'anonymous']);
  return data.map((link) => link.href).sort();
}

/** The URLs the app's own calls request. */
async function requested(calls: (() => Promise<unknown>)[]): Promise<string[]> {
  const urls: string[] = [];
  configureApiClient({
    fetch: async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    },
  });
  for (const call of calls) await call().catch(() => undefined);
  return urls.sort();
}

afterEach(() => configureApiClient({ fetch: (...args) => globalThis.fetch(...args) }));

describe('index.html preloads', () => {
  it('the home page: the banner, the first page of the listing, the categories and the sales', async () => {
    expect(preloaded('/')).toEqual(
      await requested([
        () => getFeatured(),
        () => getProductPage({ categories: [], sort: DEFAULT_SORT }, 1),
        () => getCategories(),
        () => getSales(),
      ]),
    );
  });

  it('a category page: its first page, the categories and the sales', async () => {
    expect(preloaded('/category/0192f3a4-c-1')).toEqual(
      await requested([
        () => getProductPage({ categories: ['0192f3a4-c-1'], sort: 'newest' }, 1),
        () => getCategories(),
        () => getSales(),
      ]),
    );
  });

  it('a product page: the product and the sales', async () => {
    expect(preloaded('/product/0192f3a4-p-1')).toEqual(
      await requested([() => getProduct('0192f3a4-p-1'), () => getSales()]),
    );
  });

  it('any other page: the sales only', async () => {
    expect(preloaded('/user/cart')).toEqual(await requested([() => getSales()]));
  });

  it('a page the server drew asks only for what its first view does not hold', () => {
    const held = {
      [apiUrl('/product/featured')]: {},
      [apiUrl('/product/get-products', { sort: DEFAULT_SORT, page: 1, limit: 24 })]: {},
      [apiUrl('/category/all-categories')]: {},
    };
    const data = links('/', undefined, held).filter((link) => link.rel === 'preload');
    expect(data.map((link) => link.href)).toEqual([apiUrl('/sale/allsales')]);
  });

  it("a category or product page also preloads its route's code, as the build named it", () => {
    // Stylesheets are the server's to link in the pages it draws (decisions D29).
    const chunks = {
      category: ['/assets/category-1.js'],
      product: ['/assets/product-1.js', '/assets/product-1.css', '/assets/pincode-1.js'],
    };
    const code = (path: string) =>
      links(path, chunks)
        .filter((link) => link.rel === 'modulepreload')
        .map((link) => link.href);
    expect(code('/product/p-1')).toEqual(['/assets/product-1.js', '/assets/pincode-1.js']);
    expect(code('/category/c-1')).toEqual(['/assets/category-1.js']);
    expect(code('/')).toEqual([]);
    expect(code('/user/cart')).toEqual([]);
    expect(links('/product/p-1').some((link) => link.rel === 'modulepreload')).toBe(false);
  });
});

/**
 * A page the server drew, in this test's document (jsdom): its first view, the app's code kept
 * in its template, and `root` inside the app's root element; then index.html's script run over
 * it, with a stand-in PerformanceObserver whose first paint `paint()` reports.
 */
function drawnPage(root: string, head = '') {
  document.head.innerHTML = `${head}<script type="application/json" id="${FIRST_VIEW_ID}">{}</script><template id="app-code"><link rel="modulepreload" href="/assets/vendor-1.js"></template>`;
  document.body.innerHTML = `<div id="root">${root}</div>`;
  let observed:
    | ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void)
    | undefined;
  const Observer = class {
    static supportedEntryTypes = ['paint'];
    constructor(callback: typeof observed) {
      observed = callback;
    }
    observe() {}
    disconnect() {}
  };
  new Function('location', 'document', 'PerformanceObserver', inline)({ pathname: '/' }, document, Observer);
  const paint = () =>
    observed?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect() {} });
  return { paint };
}

describe('a page the server drew, before the app takes it over', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("asks for the app's code only once the page has been painted", () => {
    const { paint } = drawnPage('<p>Shoes</p>');
    const asked = () => document.head.querySelectorAll(':scope > link[rel="modulepreload"]').length;
    expect(asked()).toBe(0);
    paint();
    expect(asked()).toBe(1);
    expect(document.head.querySelector(':scope > link[rel="modulepreload"]')!.getAttribute('href')).toBe(
      '/assets/vendor-1.js',
    );
  });

  it("with a main photo preloaded, asks for the app's code once that photo has come too", () => {
    const { paint } = drawnPage(
      '<p>Shoes</p>',
      '<link rel="preload" as="image" fetchpriority="high" imagesrcset="/api/v1/product/product-photo/p-1?w=240 240w">',
    );
    const asked = () => document.head.querySelectorAll(':scope > link[rel="modulepreload"]').length;
    paint();
    expect(asked()).toBe(0);
    document.head.querySelector('link[rel="preload"]')!.dispatchEvent(new Event('load'));
    expect(asked()).toBe(1);
  });

  it('records no tap and no typing: the page is left to the browser until the app hydrates it (decisions D32)', () => {
    drawnPage('<a href="/category/c-1">Ethnic</a><form action="/search"><input name="q"></form>');
    const link = document.querySelector('a')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(document.getElementById('root')!.hasAttribute('aria-disabled')).toBe(false);
  });
});
