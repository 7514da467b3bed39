import { useEffect, useRef } from 'react';
import { useSyncState } from '../../local/sync-status';
import type { OlderMessages } from './use-older-messages';

function noteOf({ status, error }: OlderMessages, online: boolean): string {
  if (status === 'start') return 'Start of the conversation';
  if (!online) return 'Older messages show when you are online.';
  if (status === 'loading') return 'Loading older messages…';
  return status === 'failed' ? `Older messages did not load. ${error ?? ''}` : '';
}

/**
 * The top of a thread the device may not hold whole. Scrolled into view, it loads the previous page by
 * itself; the button does the same for keyboard and screen-reader users, and retries after a failure.
 */
export function OlderMessagesTop({ older }: { older: OlderMessages }) {
  const { online } = useSyncState();
  const top = useRef<HTMLDivElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  const { status, load } = older;
  const loadsInView = online && status === 'more';

  useEffect(() => {
    const element = top.current;
    if (!loadsInView || !element) return undefined;
    // A new observer (after each page) reports at once: while the top stays in view, pages keep loading until the thread fills it.
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      pressed.current = false;
      load();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadsInView, load]);

  useEffect(() => {
    // The pressed button goes at the start: focus stays at the top of the thread rather than falling back to the page.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (status === 'start' && pressed.current && lost) note.current?.focus({ preventScroll: true });
  }, [status]);

  const press = () => {
    pressed.current = true;
    load();
  };

  return (
    <div className="chat-older" ref={top}>
      {online && status !== 'start' && (
        <button type="button" className="button button-secondary chat-older-button" aria-disabled={status === 'loading'} onClick={press}>
          Show older messages
        </button>
      )}
      <p className="chat-older-note" role="status" tabIndex={-1} ref={note}>
        {noteOf(older, online)}
      </p>
    </div>
  );
}
