import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('quotes what RFC 4180 needs quoted and leaves the rest bare', () => {
    expect(csvLine(['plain', 'a, b', 'said "hi"', 'two\nlines', null, 3.5])).toBe(
      'plain,"a, b","said ""hi""","two\nlines",,3.5\r\n',
    );
  });

  it('keeps a text cell that starts like a formula from being run, and numbers as they are', () => {
    expect(csvLine(['=1+1', '+1', '-1', '@A1', '\tx', -2, 0])).toBe(
      "'=1+1,'+1,'-1,'@A1,'\tx,-2,0\r\n",
    );
  });
});
