import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { filterOptions, movedIndex, opensUpward, typeaheadIndex, type DropdownOption } from './dropdown-logic';

const TYPEAHEAD_RESET_MS = 700;

function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

type UseDropdownArgs<V extends string> = {
  options: readonly DropdownOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  filterable: boolean;
};

/** State and keyboard model of the single-choice dropdown (WAI-ARIA combobox with a listbox popup). */
export function useDropdown<V extends string>({ options, value, onChange, filterable }: UseDropdownArgs<V>) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');

  const visible = useMemo(() => (filterable ? filterOptions(options, query) : [...options]), [filterable, options, query]);
  const selected = options.find((option) => option.value === value);
  const selectedIndex = visible.findIndex((option) => option.value === value);

  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
    setActive(-1);
  }, []);

  const openAt = (index: number) => {
    const rect = rootRef.current?.getBoundingClientRect();
    if (rect) setUpward(opensUpward(window.innerHeight - rect.bottom, rect.top));
    setOpen(true);
    setActive(index);
  };
  const openList = () => openAt(selectedIndex >= 0 ? selectedIndex : 0);
  const toggle = () => (open ? close() : openList());

  const choose = (option: DropdownOption<V>) => {
    onChange(option.value);
    close();
    triggerRef.current?.focus();
  };

  const typeahead = (key: string): number => {
    const now = Date.now();
    const text = now - typed.current.at > TYPEAHEAD_RESET_MS ? key : typed.current.text + key;
    typed.current = { text, at: now };
    return typeaheadIndex(
      visible.map((option) => option.label),
      text,
      open ? active : selectedIndex,
    );
  };

  const onClosedKey = (event: KeyboardEvent<HTMLElement>) => {
    const { key } = event;
    const opening = key === 'ArrowDown' || key === 'ArrowUp' || (!filterable && (key === 'Enter' || key === ' '));
    if (opening) {
      event.preventDefault();
      if (key === 'ArrowUp' && selectedIndex < 0) openAt(visible.length - 1);
      else openList();
    } else if (!filterable && (key === 'Home' || key === 'End')) {
      event.preventDefault();
      openAt(key === 'Home' ? 0 : visible.length - 1);
    } else if (!filterable && isPrintable(event)) {
      const index = typeahead(key);
      if (index >= 0) openAt(index);
    }
  };

  const onOpenKey = (event: KeyboardEvent<HTMLElement>) => {
    const { key } = event;
    const moved = movedIndex(key, active, visible.length);
    if (moved !== null) {
      event.preventDefault();
      setActive(moved);
    } else if (key === 'Enter' || (!filterable && key === ' ')) {
      event.preventDefault();
      const option = visible[active];
      if (option) choose(option);
    } else if (key === 'Escape') {
      // NOTE: stopped here so a surrounding modal stays open.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Tab') {
      close();
    } else if (!filterable && isPrintable(event)) {
      const index = typeahead(key);
      if (index >= 0) setActive(index);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => (open ? onOpenKey(event) : onClosedKey(event));

  const onQueryChange = (text: string) => {
    setQuery(text);
    if (open) setActive(0);
    else openAt(0);
  };

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  useEffect(() => {
    if (open && active >= 0) listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  return {
    rootRef,
    triggerRef,
    listRef,
    open,
    upward,
    active,
    setActive,
    query,
    visible,
    selected,
    toggle,
    close,
    choose,
    onKeyDown,
    onQueryChange,
  };
}
