import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { hasCode, messageOf } from '../../lib/api-error';
import { keptSince } from './kept-since';
import './server-read.css';

/** The parts of a react-query read that say what a panel can show. */
export type ServerRead = Pick<UseQueryResult<unknown>, 'data' | 'error' | 'isPaused' | 'isPlaceholderData' | 'dataUpdatedAt'>;

/**
 * What a panel reading from the server shows: 'loading', 'fresh' rows, rows 'kept' from the last answer
 * while the server is out of reach (or failed to answer again), 'offline' with nothing for this question
 * yet (rows of another question kept as placeholder are not shown as if they answered it), or 'failed'.
 */
export type ReadState = 'loading' | 'fresh' | 'kept' | 'offline' | 'failed';

/** Whether the browser says it is online, as react-query (which pauses its queries offline) sees it. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
  );
}

/** Offline (a query then pauses), or a network error: the server is out of reach. */
const unreachable = (read: ServerRead, online: boolean) => !online || read.isPaused || hasCode(read.error, 'network');

export function readState(read: ServerRead, online = true): ReadState {
  const answered = read.data !== undefined && !read.isPlaceholderData;
  if (answered) return unreachable(read, online) || read.error ? 'kept' : 'fresh';
  if (unreachable(read, online)) return 'offline';
  if (read.error) return 'failed';
  return read.data === undefined ? 'loading' : 'fresh';
}

/** The state of a read as the panel shows it now, online or not. */
export function useReadState(read: ServerRead): ReadState {
  return readState(read, useOnline());
}

/**
 * Says what a server panel shows when it cannot refresh: 'Offline: showing figures from 14:05.', that
 * nothing is loaded yet, or the server's refusal; nothing while it is fresh or loading.
 */
export function ServerReadNote({ read, what }: { read: ServerRead; what: string }) {
  const online = useOnline();
  const state = readState(read, online);
  if (state === 'kept') {
    const since = keptSince(read.dataUpdatedAt);
    return (
      <p className="read-note" role="status">
        {unreachable(read, online) ? `Offline: showing ${what} from ${since}.` : `${messageOf(read.error)} Showing ${what} from ${since}.`}
      </p>
    );
  }
  if (state === 'offline') {
    return (
      <p className="read-note" role="status">
        {`Offline: ${what} load once the connection is back.`}
      </p>
    );
  }
  return state === 'failed' ? <p className="form-error">{messageOf(read.error)}</p> : null;
}
