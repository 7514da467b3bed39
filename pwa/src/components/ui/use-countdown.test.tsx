// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

function Clock({ seconds }: { seconds: number }) {
  const { display, expired } = useCountdown(seconds);
  return <p>{expired ? 'expired' : display}</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down once a second from the spec start and stops at zero', () => {
    render(<Clock seconds={956} />);
    expect(screen.getByText('15:56')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByText('15:55')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(955_000);
    });
    expect(screen.getByText('expired')).not.toBeNull();
  });
});
