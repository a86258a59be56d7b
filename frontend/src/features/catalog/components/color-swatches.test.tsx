// The product page is drawn on the server too (decisions D32): the colour the address names must
// be the one drawn there, from the router's location (the server has no window to read).
import { render as renderHtml, whenReady } from '@/entry-server';
import { apiUrl } from '@/lib/api-client';
import { productFixture } from '@/testing/data';

const knit = productFixture({
  _id: 'p-knit',
  name: 'Monsoon Knit Slip-On',
  colors: [
    { name: 'Black', hex: '#111111', photos: ['/api/v1/media/black-1'] },
    { name: 'Tan', hex: null, photos: ['/api/v1/media/tan-1', '/api/v1/media/tan-2'] },
  ],
  color: ['Black', 'Black', 'Tan', 'Tan'],
  type: ['UK 7', 'UK 8', 'UK 7', 'UK 8'],
  price: [2000, 2000, 2400, 2400],
  discount: [0, 0, 0, 0],
  stock: [1, 1, 0, 5],
  quantity: 7,
});

function drawn(url: string): HTMLElement {
  const view = { [apiUrl('/product/get-product/p-knit')]: { success: true, product: knit } };
  const root = document.createElement('div');
  root.innerHTML = renderHtml(url, JSON.stringify(view));
  return root;
}

const checked = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
    .filter((input) => input.checked && input.closest('.color-swatches, .variant-picker'))
    .map((input) => input.closest('label')?.textContent);

const stagePhotos = (root: HTMLElement) =>
  [...root.querySelectorAll('.gallery-stage img')].map((img) => img.getAttribute('src'));

describe("the server's drawing of a product with colours", () => {
  beforeAll(() => whenReady());

  it('draws the colour ?color= names, ignoring case: its photos and its first size in stock', () => {
    const root = drawn('/product/p-knit?color=tan');
    expect(checked(root)).toEqual(['Tan', 'UK 8']);
    expect(stagePhotos(root)).toEqual(['/api/v1/media/tan-1', '/api/v1/media/tan-2']);
    expect(root.textContent).toContain('UK 7 Sold out');
  });

  it('draws the first colour in stock without ?color=', () => {
    const root = drawn('/product/p-knit');
    expect(checked(root)).toEqual(['Black', 'UK 7']);
    expect(stagePhotos(root)).toEqual(['/api/v1/media/black-1']);
  });
});
