import { lineTitle, sameColour, variantColourPhoto, variantWords } from './variants';

describe('a variant in words', () => {
  it("names the colour and the size as the server's variant_words does", () => {
    expect(variantWords('Tan', 'UK 8')).toBe('Tan, UK 8');
    expect(variantWords('', 'UK 8')).toBe('UK 8');
    expect(variantWords('Tan', null)).toBe('Tan');
    expect(variantWords('', '')).toBe('');
    expect(variantWords(undefined, undefined)).toBe('');
    // Blank is none, and the words are trimmed, as the domain trims them.
    expect(variantWords('  ', ' UK 8 ')).toBe('UK 8');
    expect(variantWords(' Tan ', '   ')).toBe('Tan');
  });

  it("names a sold line as the server's line_title does", () => {
    expect(lineTitle('Monsoon Knit Slip-On', 'Tan', 'UK 8')).toBe('Monsoon Knit Slip-On (Tan, UK 8)');
    expect(lineTitle('Trail', '', 'UK 8')).toBe('Trail (UK 8)');
    expect(lineTitle('Trail', 'Tan', null)).toBe('Trail (Tan)');
    expect(lineTitle('Trail', '', null)).toBe('Trail');
  });

  it('takes a colour written in another case as the same colour', () => {
    expect(sameColour('Tan', 'tan')).toBe(true);
    expect(sameColour('', undefined)).toBe(true);
    expect(sameColour('Tan', 'Black')).toBe(false);
    expect(sameColour('Tan', '')).toBe(false);
  });
});

describe("a variant's colour photo", () => {
  const product = {
    color: ['Tan', 'tan', 'Black', 'Olive', ''],
    colors: [
      { name: 'Tan', hex: '#A0522D', photos: ['/api/v1/media/tan-1', '/api/v1/media/tan-2'] },
      { name: 'Black', hex: null, photos: [] },
    ],
  };

  it("is the main photo of the variant's colour, its name compared ignoring case", () => {
    expect(variantColourPhoto(product, 0)).toBe('/api/v1/media/tan-1');
    expect(variantColourPhoto(product, 1)).toBe('/api/v1/media/tan-1');
  });

  it('is none for a colour without photos, one the product no longer has, or no colour', () => {
    expect(variantColourPhoto(product, 2)).toBeUndefined();
    expect(variantColourPhoto(product, 3)).toBeUndefined();
    expect(variantColourPhoto(product, 4)).toBeUndefined();
    expect(variantColourPhoto({ color: undefined, colors: undefined } as never, 0)).toBeUndefined();
  });
});
