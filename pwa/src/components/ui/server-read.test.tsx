// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api-error';
import { keptSince } from './kept-since';
import { readState, ServerReadNote, type ServerRead } from './server-read';

afterEach(cleanup);

const at = new Date(2031, 0, 6, 14, 5).getTime();
const read = (patch: Partial<ServerRead> = {}): ServerRead => ({
  data: undefined,
  error: null,
  isPaused: false,
  isPlaceholderData: false,
  dataUpdatedAt: 0,
  ...patch,
});
const network = new ApiError(0, NETWORK_ERROR);
const refused = new ApiError(503, 'SkyWay is busy');

describe('a panel read from the server', () => {
  it('is loading, fresh, kept from the last answer, offline with nothing yet, or failed', () => {
    expect(readState(read())).toBe('loading');
    expect(readState(read({ data: { n: 1 } }))).toBe('fresh');
    expect(readState(read({ data: { n: 1 }, isPaused: true }))).toBe('kept');
    expect(readState(read({ data: { n: 1 }, error: network }))).toBe('kept');
    expect(readState(read({ data: { n: 1 }, error: refused }))).toBe('kept');
    expect(readState(read({ isPaused: true }))).toBe('offline');
    expect(readState(read({ error: network }))).toBe('offline');
    expect(readState(read({ error: refused }))).toBe('failed');
  });

  it('counts the browser offline as out of reach before any refresh was tried', () => {
    expect(readState(read({ data: { n: 1 } }), false)).toBe('kept');
    expect(readState(read(), false)).toBe('offline');
  });

  it("does not pass another question's rows for this one's while offline, but shows them while this one loads", () => {
    expect(readState(read({ data: { n: 1 }, isPlaceholderData: true }))).toBe('fresh');
    expect(readState(read({ data: { n: 1 }, isPlaceholderData: true, isPaused: true }))).toBe('offline');
    expect(readState(read({ data: { n: 1 }, isPlaceholderData: true, error: refused }))).toBe('failed');
  });

  it('says from when the kept answer is: its time today, its date otherwise', () => {
    expect(keptSince(at, at + 3_600_000)).toBe('14:05');
    expect(keptSince(at, at + 86_400_000)).toBe('Jan 6, 2031 14:05');
  });

  it('tells what is shown and from when, never "Failed to fetch"', () => {
    const { rerender } = render(<ServerReadNote read={read({ data: {}, isPaused: true, dataUpdatedAt: Date.now() })} what="figures" />);
    expect(screen.getByRole('status').textContent).toMatch(/^Offline: showing figures from \d\d:\d\d\.$/);
    rerender(<ServerReadNote read={read({ error: network })} what="flights" />);
    expect(screen.getByRole('status').textContent).toBe('Offline: flights load once the connection is back.');
    rerender(<ServerReadNote read={read({ data: {}, error: refused, dataUpdatedAt: Date.now() })} what="figures" />);
    expect(screen.getByRole('status').textContent).toMatch(/^SkyWay is busy Showing figures from \d\d:\d\d\.$/);
    rerender(<ServerReadNote read={read({ data: {} })} what="figures" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
