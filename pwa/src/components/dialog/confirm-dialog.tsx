import type { ReactNode } from 'react';
import { Modal } from '../ui/modal';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A yes/no question before something that cannot be undone (delete, cancel, sign out). */
export function ConfirmDialog({ open, title, confirmLabel, cancelLabel = 'Go back', busy = false, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
