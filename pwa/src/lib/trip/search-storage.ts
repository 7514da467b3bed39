import { mergeStoredSearch, type StoredSearch } from './stored-search';

export const SEARCH_FORM_KEY = 'searchForm';

export function readStoredSearch(): unknown {
  try {
    return JSON.parse(localStorage.getItem(SEARCH_FORM_KEY) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

export function writeStoredSearch(next: StoredSearch): void {
  try {
    localStorage.setItem(SEARCH_FORM_KEY, JSON.stringify(mergeStoredSearch(readStoredSearch(), next)));
  } catch {
    // NOTE: storage can be full or disabled (private mode); the URL still carries the search.
  }
}
