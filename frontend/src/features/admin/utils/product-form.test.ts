import { productFixture } from '@/testing/data';
import { buildProductFormData, emptyProductForm, productToForm } from './product-form';

describe('product form', () => {
  it('sends tidy comma lists, numeric prices and the photo', () => {
    const photo = new File(['x'], 'a.png', { type: 'image/png' });
    const form = buildProductFormData(
      {
        ...emptyProductForm,
        name: ' Tempo ',
        type: 'UK 7 , UK 8,',
        price: '4599, 4599.50, x',
        discount: '20,10',
        quantity: '12',
      },
      photo,
    );
    expect(form.get('name')).toBe('Tempo');
    expect(form.get('type')).toBe('UK 7,UK 8');
    expect(form.get('price')).toBe('4599,4599.5');
    expect(form.get('discount')).toBe('20,10');
    expect(form.get('quantity')).toBe('12');
    expect(form.get('shipping')).toBe('true');
    expect(form.get('published')).toBe('true');
    expect(form.get('photo')).toBe(photo);
    expect(buildProductFormData(emptyProductForm).has('photo')).toBe(false);
  });

  it('sends stock per size as a tidy list, and empty for one pool', () => {
    expect(buildProductFormData({ ...emptyProductForm, stock: ' 3, 0 ,12, ' }).get('stock')).toBe('3,0,12');
    // A typo reaches the server (which refuses it) instead of shifting the sizes after it.
    expect(buildProductFormData({ ...emptyProductForm, stock: '3, x, 4' }).get('stock')).toBe('3,x,4');
    expect(buildProductFormData({ ...emptyProductForm, quantity: '9' }).get('stock')).toBe('');
  });

  it('fills the edit form from a product', () => {
    const p = productFixture({
      _id: 'p1',
      name: 'Tempo',
      type: ['UK 7', 'UK 8'],
      model: [],
      description: ['Springy'],
      specifications: [],
      tags: ['road'],
      price: [4599, 4599.5],
      discount: [20, 10],
      category: { _id: 'c1', name: 'Running' },
      quantity: 12,
      shipping: false,
      otherphoto: ['https://img.example/b.png'],
    });
    const v = productToForm(p);
    expect(v.type).toBe('UK 7, UK 8');
    expect(v.price).toBe('4599, 4599.5');
    expect(v.category).toBe('c1');
    expect(v.quantity).toBe('12');
    expect(v.shipping).toBe('false');
    expect(v.published).toBe('true');
    expect(productToForm({ ...p, published: false }).published).toBe('false');
    expect(v.stock).toBe('');
    expect(productToForm({ ...p, stock: [3, 0] }).stock).toBe('3,0');
    expect(v.hsn).toBe('');
    expect(productToForm({ ...p, hsn: '6404' }).hsn).toBe('6404');
  });

  it("sends the HSN code as typed, trimmed, and empty for the shop's default", () => {
    expect(buildProductFormData({ ...emptyProductForm, hsn: ' 6404 ' }).get('hsn')).toBe('6404');
    expect(buildProductFormData(emptyProductForm).get('hsn')).toBe('');
  });

  it('shows exact sale prices only when the discounts cannot say them, and sends them as a tidy list', () => {
    const imported = productFixture({ price: [3299, 3299], discount: [60, 60], salePrice: [1299, 1299] });
    expect(productToForm(imported).salePrice).toBe('1299, 1299');
    // Every size at its price less its discount: nothing to show, the discounts say it.
    expect(productToForm(productFixture({ price: [1299.99], discount: [15] })).salePrice).toBe('');
    expect(buildProductFormData({ ...emptyProductForm, salePrice: ' 1299, 1299.50 ,' }).get('salePrice')).toBe(
      '1299,1299.5',
    );
    expect(buildProductFormData(emptyProductForm).get('salePrice')).toBe('');
  });
});
