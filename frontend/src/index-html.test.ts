// The data each storefront page preloads from index.html must be exactly what the app then
// asks for, or the browser fetches it twice (and warns that a preload went unused).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCategories } from '@/features/catalog/api/get-categories';
import { getFeatured } from '@/features/catalog/api/get-featured';
import { getProduct } from '@/features/catalog/api/get-product';
import { getProductPage } from '@/features/catalog/api/get-product-pages';
import { DEFAULT_SORT } from '@/features/catalog/utils/listing';
import { getSales } from '@/features/sales/api/get-sales';
import { apiUrl, configureApiClient } from '@/lib/api-client';
import { APP_READY_EVENT, FIRST_VIEW_ID } from '@/features/catalog/api/first-view';
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
function drawnPage(root: string) {
  document.head.innerHTML = `<script type="application/json" id="${FIRST_VIEW_ID}">{}</script><template id="app-code"><link rel="modulepreload" href="/assets/vendor-1.js"></template>`;
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

/** The app drawing its page over the drawn one, then saying so as main.tsx does. */
function appDraws(root: string) {
  document.getElementById('root')!.innerHTML = root;
}
const announce = () => document.dispatchEvent(new Event(APP_READY_EVENT));

describe('a page the server drew, before the app takes it over', () => {
  // The script makes the taps again in a task of their own, after the app's commit.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    announce(); // the script's listeners go with the page
    vi.runAllTimers();
    vi.useRealTimers();
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

  it("marks its controls unavailable until the app's own are there", () => {
    drawnPage('<button type="button">Add to Cart</button>');
    const root = document.getElementById('root')!;
    // aria-disabled covers the root's controls: assistive technology and automation wait.
    expect(root.getAttribute('aria-disabled')).toBe('true');
    appDraws('<button type="button">Add to Cart</button>');
    announce();
    expect(root.hasAttribute('aria-disabled')).toBe(false);
  });

  it("holds taps on its buttons and makes them again on the app's same buttons", () => {
    const drawn = '<button type="button" aria-label="Show photo 2"></button><button type="button">Add to Cart</button>';
    drawnPage(drawn);
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelectorAll('button')[1].dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);

    appDraws(drawn);
    const tapped: string[] = [];
    document
      .querySelectorAll('button')
      .forEach((button) =>
        button.addEventListener('click', () => tapped.push(button.textContent || button.getAttribute('aria-label')!)),
      );
    announce();
    // Not while the app commits its page: the values carried over are drawn first.
    expect(tapped).toEqual([]);
    vi.runAllTimers();
    expect(tapped).toEqual(['Add to Cart']);

    // Once the app has the page, taps are its own.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelectorAll('button')[0].dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(tapped).toEqual(['Add to Cart', 'Show photo 2']);
  });

  it("carries what was typed, and the focus, over to the app's same field", () => {
    drawnPage('<form><input type="search" name="q" aria-label="Search shoes"></form>');
    const drawnField = document.querySelector('input')!;
    drawnField.focus();
    drawnField.value = 'sneakr';
    drawnField.dispatchEvent(new Event('input', { bubbles: true }));

    appDraws('<form><input type="search" name="q" aria-label="Search shoes"></form>');
    const field = document.querySelector('input')!;
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));
    announce();
    expect(field.value).toBe('sneakr');
    expect(heard).toEqual(['sneakr']);
    expect(document.activeElement).toBe(field);
  });

  it('carries a size picked over to the same choice, however the app names its radio group', () => {
    const sizes = (name: string) =>
      ['UK 7', 'UK 8']
        .map((size) => `<label><input type="radio" name="${name}" value="${size}">${size}</label>`)
        .join('');
    drawnPage(`<fieldset>${sizes('size')}</fieldset>`);
    document.querySelectorAll('input')[1].click();

    appDraws(`<fieldset>${sizes('_r_3_')}</fieldset>`);
    const picked: string[] = [];
    document
      .querySelectorAll('input')
      .forEach((input) => input.addEventListener('click', () => picked.push(input.value)));
    announce();
    expect(picked).toEqual(['UK 8']);
    expect(document.querySelectorAll('input')[1].checked).toBe(true);
  });

  describe('a mouse pressed on a drawn button and let go once the app has taken over', () => {
    const pointer = (type: string, pointerType = 'mouse') =>
      new PointerEvent(type, { bubbles: true, cancelable: true, pointerType });
    /** Presses the drawn Menu button, lets the app take over and let go on its Menu button. */
    function pressThenLetGoOnTheApp(pointerType = 'mouse') {
      const menu = '<button type="button"><span aria-hidden="true">☰</span>Menu</button>';
      drawnPage(menu);
      document.querySelector('button')!.dispatchEvent(pointer('pointerdown', pointerType));
      appDraws(menu);
      const tapped = vi.fn();
      const button = document.querySelector('button')!;
      button.addEventListener('click', tapped);
      announce();
      button.firstElementChild!.dispatchEvent(pointer('pointerup', pointerType));
      return { button, tapped };
    }

    it("taps the app's same button, which the browser does not", () => {
      const { tapped } = pressThenLetGoOnTheApp();
      vi.runAllTimers();
      expect(tapped).toHaveBeenCalledOnce();
    });

    it('does not tap it twice where the browser did click it', () => {
      const { button, tapped } = pressThenLetGoOnTheApp();
      button.click();
      vi.runAllTimers();
      expect(tapped).toHaveBeenCalledOnce();
    });

    it("leaves a finger's tap to the browser", () => {
      const { tapped } = pressThenLetGoOnTheApp('touch');
      vi.runAllTimers();
      expect(tapped).not.toHaveBeenCalled();
    });
  });

  it("does not tap a button the app's page does not have in the same place", () => {
    drawnPage('<button type="button">Load more</button>');
    document.querySelector('button')!.click();
    appDraws('<button type="button">Add to Cart</button>');
    const tapped = vi.fn();
    document.querySelector('button')!.addEventListener('click', tapped);
    announce();
    vi.runAllTimers();
    expect(tapped).not.toHaveBeenCalled();
  });
});
