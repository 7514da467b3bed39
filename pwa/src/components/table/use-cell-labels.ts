import { useLayoutEffect, useRef } from 'react';

/**
 * Gives every body cell of the table inside the returned ref's element a `data-label` with its column's
 * header text, so that below 640 px each row shows as a card of 'label value' lines (tables.css) instead
 * of a table scrolling sideways. Runs after every render of the owner, when rows may have changed.
 */
export function useCellLabels<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const table = ref.current?.querySelector('table');
    if (!table) return;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, index) => cell.setAttribute('data-label', headers[index] ?? ''));
    }
  });
  return ref;
}
