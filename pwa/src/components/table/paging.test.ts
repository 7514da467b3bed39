import { describe, expect, it } from 'vitest';
import { pageCount, pageSlice, pageWindow } from './paging';

describe('paging', () => {
  it('counts pages of 5, with page 1 for an empty table', () => {
    expect([0, 1, 5, 6, 10, 11].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('slices one page', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(pageSlice(rows, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlice(rows, 3)).toEqual([11, 12]);
    expect(pageSlice(rows, 4)).toEqual([]);
  });

  it('shows every number when there are few pages, else the ends and the neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 19, 20]);
    expect(pageWindow(18, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });
});
