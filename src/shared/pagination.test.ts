import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageBounds, paginationWindow } from './pagination.ts';

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

describe('when there are fewer than 10 pages', () => {
  it('shows every page', () => {
    expect(paginationWindow(3, 7)).toEqual(range(1, 7));
  });

  it('shows nothing when there is no page', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});

describe('when there are 30 pages', () => {
  it('shows pages 1 to 10 on page 1', () => {
    expect(paginationWindow(1, 30)).toEqual(range(1, 10));
  });

  it('shows pages 1 to 10 on page 6', () => {
    expect(paginationWindow(6, 30)).toEqual(range(1, 10));
  });

  it('shows current minus 6 to current plus 4 on page 7', () => {
    expect(paginationWindow(7, 30)).toEqual(range(1, 11));
  });

  it('shows current minus 6 to current plus 4 on page 8', () => {
    expect(paginationWindow(8, 30)).toEqual(range(2, 12));
  });

  it('shows the last 10 plus one three pages before the end', () => {
    expect(paginationWindow(27, 30)).toEqual(range(20, 30));
  });

  it('shows the last 10 plus one on the last page', () => {
    expect(paginationWindow(30, 30)).toEqual(range(20, 30));
  });

  it('always contains the current page and stays within the page count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (pageCount, raw) => {
        const current = Math.min(raw, pageCount);
        const pages = paginationWindow(current, pageCount);
        expect(pages).toContain(current);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(pageCount);
        expect(pages.length).toBeLessThanOrEqual(11);
      }),
    );
  });
});

describe('when computing the rows shown', () => {
  it('counts from the first row of the page to its last', () => {
    expect(pageBounds(2, 20, 45)).toEqual({ from: 21, to: 40 });
  });

  it('stops at the total on the last page', () => {
    expect(pageBounds(3, 20, 45)).toEqual({ from: 41, to: 45 });
  });

  it('shows zeros for an empty list', () => {
    expect(pageBounds(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});
