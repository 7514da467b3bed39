import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks, and doubles the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Lagos, Nigeria')).toBe('"Lagos, Nigeria"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-1+1,2')).toBe(`"'-1+1,2"`);
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Booking ID', 'Passenger'],
        [
          ['ABC234', 'Ada Okafor'],
          ['XYZ789', 'Ng, "Jo"'],
        ],
      ),
    ).toBe('Booking ID,Passenger\r\nABC234,Ada Okafor\r\nXYZ789,"Ng, ""Jo"""\r\n');
  });
});
