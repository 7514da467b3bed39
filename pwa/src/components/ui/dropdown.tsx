import { useId, type FocusEvent } from 'react';
import { DropdownList } from './dropdown-list';
import type { DropdownOption } from './dropdown-logic';
import { useDropdown } from './use-dropdown';

type DropdownProps<V extends string> = {
  label: string;
  options: readonly DropdownOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Type to filter: for long lists such as airports or countries. */
  filterable?: boolean;
  disabled?: boolean;
  error?: string;
  className?: string;
};

/** Single-choice dropdown (product rules §10.8) following the WAI-ARIA combobox pattern with a listbox popup. */
export function Dropdown<V extends string>(props: DropdownProps<V>) {
  const { label, options, value, onChange, placeholder = 'Select', filterable = false, disabled = false, error, className } = props;
  const state = useDropdown({ options, value, onChange, filterable });
  const id = useId();
  const labelId = `${id}-label`;
  const triggerId = `${id}-trigger`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeOption = state.open && state.visible[state.active] ? optionId(state.active) : undefined;

  const setTrigger = (element: HTMLElement | null) => {
    state.triggerRef.current = element;
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && state.rootRef.current?.contains(next))) state.close();
  };

  const shared = {
    id: triggerId,
    role: 'combobox',
    'aria-controls': listId,
    'aria-expanded': state.open,
    'aria-activedescendant': activeOption,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onKeyDown: state.onKeyDown,
    onClick: () => !disabled && state.toggle(),
  } as const;

  return (
    <div ref={state.rootRef} className={['field', 'dropdown', className].filter(Boolean).join(' ')} onBlur={onBlur}>
      <label id={labelId} htmlFor={triggerId} className="field-label" onClick={() => state.triggerRef.current?.focus()}>
        {label}
      </label>
      <div className="dropdown-control">
        {filterable ? (
          <input
            {...shared}
            ref={setTrigger}
            className="dropdown-trigger dropdown-input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            disabled={disabled}
            value={state.open ? state.query : (state.selected?.label ?? '')}
            placeholder={state.selected?.label ?? placeholder}
            onChange={(event) => state.onQueryChange(event.target.value)}
          />
        ) : (
          <div
            {...shared}
            ref={setTrigger}
            className="dropdown-trigger"
            tabIndex={disabled ? -1 : 0}
            aria-haspopup="listbox"
            aria-labelledby={labelId}
            aria-disabled={disabled || undefined}
          >
            <span className={state.selected ? 'dropdown-value' : 'dropdown-value dropdown-placeholder'}>{state.selected?.label ?? placeholder}</span>
          </div>
        )}
        <span className="dropdown-chevron" aria-hidden="true" />
        {state.open && (
          <DropdownList
            id={listId}
            labelId={labelId}
            listRef={state.listRef}
            options={state.visible}
            value={value}
            active={state.active}
            upward={state.upward}
            optionId={optionId}
            onChoose={state.choose}
            onHover={state.setActive}
          />
        )}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
