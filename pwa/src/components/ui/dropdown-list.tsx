import type { Ref } from 'react';
import type { DropdownOption } from './dropdown-logic';

type DropdownListProps<V extends string> = {
  id: string;
  labelId: string;
  listRef: Ref<HTMLUListElement>;
  options: readonly DropdownOption<V>[];
  value: V | null;
  active: number;
  upward: boolean;
  optionId: (index: number) => string;
  onChoose: (option: DropdownOption<V>) => void;
  onHover: (index: number) => void;
};

export function DropdownList<V extends string>(props: DropdownListProps<V>) {
  const { id, labelId, listRef, options, value, active, upward, optionId, onChoose, onHover } = props;
  return (
    // NOTE: keeping the pointer press from moving focus leaves focus on the combobox, as the pattern wants.
    <div className={upward ? 'dropdown-popup dropdown-popup-up' : 'dropdown-popup'} onPointerDown={(e) => e.preventDefault()}>
      <ul id={id} role="listbox" aria-labelledby={labelId} className="dropdown-list" ref={listRef}>
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            className={index === active ? 'dropdown-option is-active' : 'dropdown-option'}
            onClick={() => onChoose(option)}
            onPointerMove={() => index !== active && onHover(index)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      {options.length === 0 && <p className="dropdown-empty">No options available</p>}
    </div>
  );
}
