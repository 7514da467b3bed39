import { useState } from 'react';
import { pageCount, pageSlice } from './paging';

/**
 * Search and paging over rows already on the device: a new search goes back to page 1, and a page
 * beyond the end (after rows left) shows the last one.
 */
export function useTable<T>(rows: readonly T[] | undefined, matches: (row: T, term: string) => boolean) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const term = search.trim().toLowerCase();
  const filtered = (rows ?? []).filter((row) => term === '' || matches(row, term));
  const pages = pageCount(filtered.length);
  const current = Math.min(page, pages);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  return { search, setSearch, page: current, setPage, pages, filtered, visible: pageSlice(filtered, current) };
}
