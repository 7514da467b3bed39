import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { PAGE_SIZE } from '../../../../sync/constants';
import { useReadState } from '../../components/ui/server-read';
import { apiAllPages, apiPage } from '../../lib/api-page';
import { pageCount, pageSlice } from '../../components/table/paging';

/** The CSV of the history is read from the server a page at a time: at most this many rows. */
export const CSV_MAX_ROWS = 2_000;
const CSV_PAGE = 100;

/** The query's search and the days it was made on (the admin's local days), as the server's list reads them. */
export function historyParams(query: { q: string; from: string; to: string }): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.q.trim();
  if (search) params.set('search', search);
  if (query.from) params.set('after', dayjs(query.from).startOf('day').toISOString());
  if (query.to) params.set('before', dayjs(query.to).add(1, 'day').startOf('day').toISOString());
  return params;
}

/** What an admin list shows: the server's page of the history, or the device's rows (`offline` once the server did not answer). */
export type HistoryList<T> = {
  rows: T[];
  total: number;
  fromServer: boolean;
  offline: boolean;
  /** The page shown (the asked one, within the pages there are), how many there are, and its rows. */
  page: number;
  pages: number;
  visible: T[];
  /** A row of the device or of the list, by id (the one a dialog opens). */
  find: (id: string) => T | undefined;
};

/** The list as shown: the page within the pages there are, its rows, and a row by id. */
function shownList<T extends { _id: string }>(
  held: readonly T[],
  rows: T[],
  total: number,
  fromServer: boolean,
  offline: boolean,
  asked: number,
): HistoryList<T> {
  const pages = pageCount(total);
  const page = Math.min(asked, pages);
  const find = (id: string) => held.find((row) => row._id === id) ?? rows.find((row) => row._id === id);
  return { rows, total, fromServer, offline, page, pages, visible: fromServer ? rows : pageSlice(rows, page), find };
}

type HistorySource<T, S> = {
  /** The server's list and the query of the address, and the page asked for. */
  path: string;
  params: URLSearchParams;
  page: number;
  /** The device's rows; undefined until it has synced once. */
  held: readonly T[] | undefined;
  /** A row of the server's list as the device keeps it. */
  shown: (row: S) => T;
  /** The device's rows the query finds, in the list's order. */
  local: (held: readonly T[]) => T[];
  /** The device holds every row the query can find (the review queue): the server is not asked. */
  onDevice: boolean;
};

/**
 * An admin list over the whole history: online, one page from the server's list (a row the device holds
 * is shown as the device has it: with what this device queued); otherwise, or when the device holds them
 * all, the device's rows. Undefined until the device has synced once.
 */
export function useHistory<T extends { _id: string; updatedAt: string }, S>({
  path,
  params,
  page,
  held,
  shown,
  local,
  onDevice,
}: HistorySource<T, S>): HistoryList<T> | undefined {
  const url = `${path}?${params.toString()}&page=${page}&limit=${PAGE_SIZE}`;
  // The device's rows changed (a pull landed, a row arrived by poke): the page is read again, so new rows show.
  const changed = held ? `${held.length}:${held.reduce((last, row) => (row.updatedAt > last ? row.updatedAt : last), '')}` : '';
  const history = useQuery({
    queryKey: ['admin-history', url, changed],
    queryFn: ({ signal }) => apiPage<S>(url, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: !onDevice,
  });
  const state = useReadState(history);
  if (!held) return undefined;
  if (!onDevice && state === 'fresh' && history.data) {
    const byId = new Map(held.map((row) => [row._id, row]));
    const rows = history.data.items.map(shown).map((row) => byId.get(row._id) ?? row);
    return shownList(held, rows, history.data.total, true, false, page);
  }
  const found = local(held);
  return shownList(held, found, found.length, false, !onDevice && state !== 'loading', page);
}

/** Every row of the server's list for the CSV, `shown` as the list shows them. */
export async function allOfHistory<T, S>(path: string, params: URLSearchParams, shown: (row: S) => T): Promise<T[]> {
  return (await apiAllPages<S>(`${path}?${params.toString()}`, CSV_PAGE)).map(shown);
}
