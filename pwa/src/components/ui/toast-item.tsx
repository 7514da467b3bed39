import { useEffect, useState } from 'react';
import { autoDismisses, TOAST_DURATION_MS, type Toast } from './toast-queue';

type ToastItemProps = { toast: Toast; onDismiss: (id: string) => void };

export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  // Hovering or focusing a toast holds it, so it can be read and its controls reached.
  const [held, setHeld] = useState(false);
  const { id, action } = toast;

  useEffect(() => {
    if (held || !autoDismisses(toast)) return undefined;
    const timer = window.setTimeout(() => onDismiss(id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [held, toast, id, onDismiss]);

  return (
    <li
      className={`toast-item toast-${toast.tone}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="toast-icon" aria-hidden="true">
        {toast.tone === 'error' ? '!' : '✓'}
      </span>
      <p className="toast-message" role={toast.tone === 'error' ? 'alert' : 'status'}>
        {toast.message}
      </p>
      {action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            action.onClick();
            onDismiss(id);
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => onDismiss(id)}>
        ×
      </button>
    </li>
  );
}
