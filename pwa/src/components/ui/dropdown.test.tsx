// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dropdown } from './dropdown';
import type { DropdownOption } from './dropdown-logic';

const classes: DropdownOption[] = [
  { value: 'economy', label: 'Economy' },
  { value: 'premium', label: 'Premium Economy' },
  { value: 'business', label: 'Business' },
  { value: 'first', label: 'First Class' },
];

function Harness({
  options = classes,
  filterable = false,
  onChange = () => undefined,
}: {
  options?: DropdownOption[];
  filterable?: boolean;
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <p>Outside</p>
      <Dropdown
        label="Class"
        options={options}
        value={value}
        filterable={filterable}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Class' });
const listbox = () => screen.queryByRole('listbox');

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Dropdown', () => {
  it("shows the label and the default placeholder 'Select'", () => {
    render(<Harness />);
    expect(combobox()).toHaveProperty('textContent', 'Select');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens and closes on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(combobox());
    expect(listbox()).not.toBeNull();
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    await user.click(combobox());
    expect(listbox()).toBeNull();
  });

  it('shows the chosen label, reports the value and closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: 'Business' }));
    expect(onChange).toHaveBeenCalledWith('business');
    expect(combobox().textContent).toBe('Business');
    expect(listbox()).toBeNull();
    await user.click(combobox());
    expect(screen.getByRole('option', { name: 'Business' }).getAttribute('aria-selected')).toBe('true');
  });

  it('closes on an outside click and on Escape without choosing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(combobox());
    await user.click(screen.getByText('Outside'));
    expect(listbox()).toBeNull();
    await user.click(combobox());
    await user.keyboard('{Escape}');
    expect(listbox()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('works from the keyboard: arrows, Home, End and Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    combobox().focus();
    await user.keyboard('{ArrowDown}');
    expect(listbox()).not.toBeNull();
    const active = () => document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Economy');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Premium Economy');
    await user.keyboard('{End}');
    expect(active()).toBe('First Class');
    await user.keyboard('{Home}');
    expect(active()).toBe('Economy');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('business');
    expect(listbox()).toBeNull();
    expect(document.activeElement).toBe(combobox());
  });

  it('jumps to an option by typing its first letters', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    combobox().focus();
    await user.keyboard('f');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('first');
  });

  it("says 'No options available' when there is nothing to choose", async () => {
    const user = userEvent.setup();
    render(<Harness options={[]} />);
    await user.click(combobox());
    expect(screen.getByText('No options available')).not.toBeNull();
  });

  it('opens upward when less than 200 px remain below', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: window.innerHeight - 150, width: 200, height: 60 }));
    await user.click(combobox());
    expect(listbox()?.parentElement?.className).toContain('dropdown-popup-up');
  });

  it('opens downward with room below', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 100, width: 200, height: 60 }));
    await user.click(combobox());
    expect(listbox()?.parentElement?.className).not.toContain('dropdown-popup-up');
  });

  it('filters a long list as you type and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness filterable onChange={onChange} />);
    await user.type(combobox(), 'class');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['First Class']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('first');
    expect(combobox()).toHaveProperty('value', 'First Class');
    await user.clear(combobox());
    await user.type(combobox(), 'zzz');
    expect(screen.getByText('No options available')).not.toBeNull();
  });
});
