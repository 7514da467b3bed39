// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import { useToast } from './use-toast';

function Buttons({ onRetry = () => undefined }: { onRetry?: () => void }) {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.error('Seat A1 is no longer available')}>
        fail
      </button>
      <button type="button" onClick={() => toast.success('Profile updated successfully!')}>
        succeed
      </button>
      <button type="button" onClick={() => toast.error('Upload failed', { action: { label: 'Retry', onClick: onRetry } })}>
        fail with action
      </button>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces errors as alerts and successes as status', () => {
    render(<Buttons />, { wrapper: ToastProvider });
    fireEvent.click(screen.getByText('fail'));
    fireEvent.click(screen.getByText('succeed'));
    expect(screen.getByRole('alert').textContent).toBe('Seat A1 is no longer available');
    expect(screen.getByRole('status').textContent).toBe('Profile updated successfully!');
  });

  it('disappear after 5 seconds', () => {
    render(<Buttons />, { wrapper: ToastProvider });
    fireEvent.click(screen.getByText('fail'));
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stay while they carry an action button, which runs and dismisses', () => {
    const onRetry = vi.fn();
    render(<Buttons onRetry={onRetry} />, { wrapper: ToastProvider });
    fireEvent.click(screen.getByText('fail with action'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('alert').textContent).toBe('Upload failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be dismissed by hand', () => {
    render(<Buttons />, { wrapper: ToastProvider });
    fireEvent.click(screen.getByText('fail'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
