import { productFixture } from '@/testing/data';
import { colourVariants, pickColour, shownColourOf, shownColours, sizeInColour } from './colors';

const knit = productFixture({
  colors: [
    { name: 'Black', hex: null, photos: [] },
    { name: 'Tan', hex: null, photos: [] },
    { name: 'Olive', hex: null, photos: [] },
  ],
  // Olive has no variant: nothing of it can be bought.
  color: ['Black', 'Black', 'tan', 'Tan'],
  type: ['UK 7', 'UK 8', 'UK 8', 'UK 9'],
  price: [1, 1, 1, 1],
  discount: [0, 0, 0, 0],
  stock: [0, 0, 0, 2],
  quantity: 2,
});

describe('colours (decisions D44)', () => {
  it("finds a colour's variants ignoring case, and offers only colours that have some", () => {
    expect(colourVariants(knit, 'Tan')).toEqual([2, 3]);
    expect(shownColours(knit).map((c) => c.name)).toEqual(['Black', 'Tan']);
    expect(shownColours(productFixture())).toEqual([]);
  });

  it('picks the named colour ignoring case, else the first in stock, else the first; none without colours', () => {
    expect(pickColour(knit, 'BLACK')?.name).toBe('Black');
    expect(pickColour(knit, null)?.name).toBe('Tan');
    expect(pickColour(knit, 'Olive')?.name).toBe('Tan');
    expect(pickColour({ ...knit, stock: [0, 0, 0, 0] }, null)?.name).toBe('Black');
    expect(pickColour(productFixture(), 'Black')).toBeNull();
  });

  it('keeps the size across colours, sold out or not, else the first in stock of the colour', () => {
    expect(sizeInColour(knit, 'Tan', 3)).toBe(3);
    expect(sizeInColour(knit, 'Tan', 1)).toBe(2); // UK 8, sold out in Tan too
    expect(sizeInColour(knit, 'Tan', 0)).toBe(3); // no UK 7 in Tan: its UK 9 in stock
    expect(sizeInColour(knit, 'Black', 3)).toBe(0); // nothing in stock: the first
  });

  it('shows a listed product in the colour the server named (decisions D47), none when it names no colour it offers', () => {
    expect(shownColourOf({ ...knit, shownColor: 'Tan' })?.name).toBe('Tan');
    expect(shownColourOf({ ...knit, shownColor: 'Olive' })).toBeNull();
    expect(shownColourOf({ ...knit, shownColor: null })).toBeNull();
    expect(shownColourOf(knit)).toBeNull();
  });
});
