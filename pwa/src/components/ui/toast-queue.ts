export type ToastTone = 'error' | 'success';

export type ToastAction = { label: string; onClick: () => void };

export type Toast = {
  id: string;
  message: string;
  tone: ToastTone;
  action?: ToastAction;
};

export const TOAST_DURATION_MS = 5_000;
export const MAX_TOASTS = 4;

/** Toasts with an action button wait for the user; the others leave after 5 seconds (product rules §10.7). */
export function autoDismisses(toast: Toast): boolean {
  return toast.action === undefined;
}

/** Adds a toast; an identical one already showing is replaced so repeated failures do not pile up. */
export function addToast(queue: readonly Toast[], toast: Toast): Toast[] {
  const others = queue.filter((item) => !(item.message === toast.message && item.tone === toast.tone));
  return [...others, toast].slice(-MAX_TOASTS);
}

export function removeToast(queue: readonly Toast[], id: string): Toast[] {
  return queue.filter((item) => item.id !== id);
}
