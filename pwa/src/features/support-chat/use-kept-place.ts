import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

type Anchor = { element: Element; offset: number };

/** The first message of the thread and how far below the thread's top edge it shows. */
function anchorOf(thread: HTMLElement | null): Anchor | null {
  const first = thread?.querySelector('.chat-message');
  if (!thread || !first) return null;
  return { element: first, offset: first.getBoundingClientRect().top - thread.getBoundingClientRect().top };
}

/**
 * Keeps the messages in view where they are when older ones are put above them; left to the browser, the
 * scroll offset stays and the view jumps up by the height of the older page. The first message is the
 * anchor: measured on every scroll and render, and shown at the same height again once older ones come
 * before it. Returns the scroll handler of the thread.
 */
export function useKeptPlace(thread: RefObject<HTMLElement | null>): () => void {
  const anchor = useRef<Anchor | null>(null);
  const measure = useCallback(() => {
    anchor.current = anchorOf(thread.current);
  }, [thread]);

  useLayoutEffect(() => {
    const element = thread.current;
    const was = anchor.current;
    if (element && was && was.element.isConnected && element.querySelector('.chat-message') !== was.element) {
      element.scrollTop += was.element.getBoundingClientRect().top - element.getBoundingClientRect().top - was.offset;
    }
    measure();
  });

  return measure;
}
