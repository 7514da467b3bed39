import { useEffect, useRef } from 'react';

/**
 * A box whose content overflows takes keyboard focus (tabindex 0), so it can be scrolled without a
 * mouse (WCAG 2.1.1; axe's scrollable-region-focusable); a box that fits adds no tab stop. Checked
 * again whenever the box or one of its children changes size (an image that loads).
 */
export function useScrollFocus<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current;
    if (!active || !box || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (box.scrollHeight > box.clientHeight) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
    });
    for (const element of [box, ...box.children]) observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
