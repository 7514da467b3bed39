import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { focusableWithin } from './focusable';
import { useScrollFocus } from './use-scroll-focus';

type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'large';
};

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape, the close button and a click on
 * the backdrop close it, Tab cycles inside, and focus returns to where it was.
 */
export function Modal({ open, title, onClose, children, footer, size = 'small' }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedBackdrop = useRef(false);
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);
  const closedByEffect = useRef(false);
  const body = useScrollFocus<HTMLDivElement>(open);

  useEffect(() => {
    openRef.current = open;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return undefined;
    const previous = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      // NOTE: the close event this fires comes later (and in development StrictMode after a re-open); it is ours, not the user's.
      closedByEffect.current = dialog.open;
      if (dialog.open) dialog.close();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [open]);

  // The browser may close the dialog itself (a close request such as the Android back gesture); tell the owner.
  const onNativeClose = () => {
    if (closedByEffect.current) {
      closedByEffect.current = false;
      return;
    }
    if (openRef.current) onCloseRef.current();
  };

  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedBackdrop.current && event.target === event.currentTarget) onClose();
    pressedBackdrop.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // NOTE: handled here rather than by the browser's cancel, so a dropdown inside can keep its Escape.
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableWithin(event.currentTarget);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal-${size}`}
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={onNativeClose}
      onPointerDown={onPointerDown}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {open && (
        <div className="modal-box">
          <header className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="modal-body" ref={body}>
            {children}
          </div>
          {footer && <footer className="modal-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
