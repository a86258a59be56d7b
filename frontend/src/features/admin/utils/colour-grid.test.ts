import { productFixture } from '@/testing/data';
import {
  addColour,
  addSize,
  appendColourFields,
  noColours,
  productToColourGrid,
  removeColour,
  toggleCell,
} from './colour-grid';
import { emptyProductForm } from './product-form';

const sent = (grid: Parameters<typeof appendColourFields>[1]) => {
  const form = new FormData();
  appendColourFields(form, grid);
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
};

describe('colour grid', () => {
  it('reads a product whose colours come in different sizes, sizes in the order first seen', () => {
    const grid = productToColourGrid(
      productFixture({
        colors: [
          { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/t'] },
          { name: 'Black', hex: null, photos: [] },
        ],
        // Size by size, as a Shopify file lists them; Black is not made in UK 9.
        color: ['tan', 'Black', 'Tan', 'Black', 'Tan'],
        type: ['UK 7', 'UK 7', 'UK 8', 'UK 8', 'UK 9'],
        model: ['T7', 'B7', 'T8', 'B8', 'T9'],
        price: [1000, 1100, 1000, 1100, 1200],
        discount: [0, 0, 0, 0, 0],
        salePrice: [900, 1100, 900, 1100, 1200],
        stock: [1, 2, 3, 4, 5],
      }),
    );
    expect(grid.sizes.map((s) => s.label)).toEqual(['UK 7', 'UK 8', 'UK 9']);
    expect(grid.colours.map((c) => c.name)).toEqual(['Tan', 'Black']);
    const [uk7, , uk9] = grid.sizes;
    expect(grid.colours[0]!.cells[uk7!.key]).toEqual({ price: '1000', salePrice: '900', stock: '1', model: 'T7' });
    expect(grid.colours[1]!.cells[uk9!.key]).toBeUndefined();
    // Sent colour by colour, size by size.
    expect(sent(grid)).toMatchObject({
      colors: JSON.stringify([
        { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/t'] },
        { name: 'Black', hex: null, photos: [] },
      ]),
      color: 'Tan,Tan,Tan,Black,Black',
      type: 'UK 7,UK 8,UK 9,UK 7,UK 8',
      model: 'T7,T8,T9,B7,B8',
      price: '1000,1000,1200,1100,1100',
      salePrice: '900,900,1200,1100,1100',
      stock: '1,3,5,2,4',
      discount: '',
    });
    // Black in UK 9 too: priced as the first colour's UK 9.
    const more = toggleCell(grid, grid.colours[1]!.key, uk9!.key);
    expect(more.colours[1]!.cells[uk9!.key]).toEqual({ price: '1200', salePrice: '1200', stock: '', model: '' });
  });

  it('a product without colours has none and sends nothing of them', () => {
    expect(productToColourGrid(productFixture())).toEqual(noColours);
    expect(sent(noColours)).toEqual({});
  });

  it("the first colour takes the form's variants; without them, one size to fill in", () => {
    const grid = addColour(noColours, {
      ...emptyProductForm,
      type: 'UK 7, UK 8',
      price: '1299.99, 1500',
      discount: '15, 0',
      stock: '3, 4',
    });
    expect(grid.sizes.map((s) => s.label)).toEqual(['UK 7', 'UK 8']);
    expect(Object.values(grid.colours[0]!.cells)).toEqual([
      // ₹1,299.99 less 15 %, as the server prices it: ₹1,104.99.
      { price: '1299.99', salePrice: '1104.99', stock: '3', model: '' },
      { price: '1500', salePrice: '1500', stock: '4', model: '' },
    ]);
    const blank = addColour(noColours, emptyProductForm);
    expect(blank.sizes).toHaveLength(1);
    expect(Object.values(blank.colours[0]!.cells)).toEqual([{ price: '', salePrice: '', stock: '', model: '' }]);
  });

  it('stock left empty everywhere is one pool; a size added is in every colour', () => {
    let grid = addColour(noColours, { ...emptyProductForm, type: 'UK 8', price: '999' });
    grid = addColour(grid, emptyProductForm);
    grid = addSize(grid);
    expect(sent(grid)).toMatchObject({ color: '', price: '999,999,999,999', stock: '' });
    // Removing the last colour leaves `colors` sent empty: the product has none any more.
    grid = removeColour(removeColour(grid, grid.colours[0]!.key), grid.colours[1]!.key);
    expect(sent(grid)).toEqual({ colors: '[]' });
  });
});
