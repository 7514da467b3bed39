// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Modal } from './modal';

// jsdom has no modal dialogs; these stand-ins keep the open state the way browsers do.
beforeAll(() => {
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose seats
      </button>
      <Modal open={open} title="Select your seats" onClose={() => setOpen(false)} footer={<button type="button">Confirm</button>}>
        <p>Seat map</p>
      </Modal>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Choose seats' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Select your seats' }) };
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title', async () => {
    const { dialog } = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Seat map');
  });

  it('closes with the close button and gives focus back to the opener', async () => {
    const { user, opener } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Seat map')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape', async () => {
    const { user, opener } = await openModal();
    screen.getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Seat map')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const { user, dialog } = await openModal();
    await user.click(screen.getByText('Seat map'));
    expect(screen.queryByText('Seat map')).not.toBeNull();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByText('Seat map')).toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });
});
