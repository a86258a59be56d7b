import { lineTitle, sameColour, variantWords } from './variants';

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
