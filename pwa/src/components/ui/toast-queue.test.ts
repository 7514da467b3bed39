import { describe, expect, it } from 'vitest';
import { addToast, autoDismisses, MAX_TOASTS, removeToast, TOAST_DURATION_MS, type Toast } from './toast-queue';

const toast = (id: string, message = `message ${id}`): Toast => ({ id, message, tone: 'error' });

describe('toast queue', () => {
  it('dismisses after 5 seconds unless the toast carries an action button', () => {
    expect(TOAST_DURATION_MS).toBe(5_000);
    expect(autoDismisses(toast('a'))).toBe(true);
    expect(autoDismisses({ ...toast('b'), action: { label: 'Retry', onClick: () => undefined } })).toBe(false);
  });

  it('shows the newest last and keeps at most a few', () => {
    let queue: Toast[] = [];
    for (let i = 0; i < MAX_TOASTS + 2; i++) queue = addToast(queue, toast(String(i)));
    expect(queue.map((t) => t.id)).toEqual(['2', '3', '4', '5']);
  });

  it('replaces an identical message instead of stacking it', () => {
    const queue = addToast(addToast([toast('1', 'Same')], toast('2', 'Other')), toast('3', 'Same'));
    expect(queue.map((t) => t.id)).toEqual(['2', '3']);
  });

  it('removes by id', () => {
    expect(removeToast([toast('1'), toast('2')], '1').map((t) => t.id)).toEqual(['2']);
  });
});
