import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import { ToastItem } from './toast-item';
import { addToast, removeToast, type Toast, type ToastTone } from './toast-queue';

let lastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: string) => setToasts((queue) => removeToast(queue, id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (tone: ToastTone, message: string, options: ToastOptions = {}) => {
      lastId += 1;
      const id = `toast-${lastId}`;
      setToasts((queue) => addToast(queue, { id, message, tone, action: options.action }));
      return id;
    };
    return {
      error: (message, options) => show('error', message, options),
      success: (message, options) => show('success', message, options),
      dismiss,
    };
  }, [dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <section className="toasts" aria-label="Notifications">
        <ol className="toast-list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext>
  );
}
