import { PAGE_SIZE } from '../../../../sync/constants';

/** How many pages `total` rows fill; an empty table still has page 1. */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The rows of one page (1-based). */
export function pageSlice<T>(rows: readonly T[], page: number, size = PAGE_SIZE): T[] {
  return rows.slice((page - 1) * size, page * size);
}

export type PageItem = number | 'gap';

/**
 * The page numbers a pager shows: all of them when few, else the first, the last and the current
 * page with its neighbours, with gaps between: 1 … 4 5 6 … 20.
 */
export function pageWindow(page: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const middle = [page - 1, page, page + 1].filter((n) => n > 1 && n < pages);
  const items: PageItem[] = [1];
  if ((middle[0] ?? pages) > 2) items.push('gap');
  items.push(...middle);
  if ((middle[middle.length - 1] ?? 1) < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}
