// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountRefresh } from './account-refresh';
import { minutesClock } from './minutes-clock';
import { PayCountdown, usePayCountdown } from './pay-countdown';

function PayClock({ deadlineAt }: { deadlineAt: string }) {
  const countdown = usePayCountdown(deadlineAt);
  return <PayCountdown countdown={countdown} />;
}

const timer = () => screen.getByRole('timer').textContent;
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2031-05-01T10:00:00.000Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('account number refresh countdown', () => {
  it('shows minutes and seconds from 60:00', () => {
    expect(minutesClock(3600)).toBe('60:00');
    expect(minutesClock(3599)).toBe('59:59');
    expect(minutesClock(61)).toBe('01:01');
    expect(minutesClock(0)).toBe('00:00');
  });

  it('counts down once a second and starts again at 60:00 when it reaches zero', () => {
    render(<AccountRefresh />);
    expect(screen.getByText(/Account number refresh/)).toBeTruthy();
    expect(timer()).toBe('60:00');
    tick(1_000);
    expect(timer()).toBe('59:59');
    tick(59 * 60_000);
    expect(timer()).toBe('00:59');
    tick(59_000);
    expect(timer()).toBe('60:00');
    tick(1_000);
    expect(timer()).toBe('59:59');
  });
});

describe('time left to pay', () => {
  it("counts from 15:56 to the server's deadline and then says the time has passed", () => {
    render(<PayClock deadlineAt="2031-05-01T10:15:56.000Z" />);
    expect(screen.getByText(/Time left to pay/)).toBeTruthy();
    expect(timer()).toBe('15:56');
    tick(56_000);
    expect(timer()).toBe('15:00');
    expect(screen.queryByText(/The time to pay has passed/)).toBeNull();
    tick(900_000);
    expect(timer()).toBe('00:00');
    expect(screen.getByText(/The time to pay has passed/)).toBeTruthy();
  });

  it('shows the time really left for a deadline already under way', () => {
    render(<PayClock deadlineAt="2031-05-01T10:05:00.000Z" />);
    expect(timer()).toBe('05:00');
  });
});
