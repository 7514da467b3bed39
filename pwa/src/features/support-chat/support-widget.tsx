import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { CHAT_PARAM } from '../../../../sync/app-routes';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import './support-chat.css';

// The chat (Dexie, the sync runner, socket.io) loads on first open, not with every public page.
const SupportPanel = lazy(async () => ({ default: (await import('./support-panel')).SupportPanel }));

/** Product rules §10.13: the spec's text with its typos mended; the emoji stays. */
export const ADMIN_IS_SUPPORT = "Admin can't contact support, you are Support 😊";

/**
 * The floating support button of the public pages. Admins are the support side and are told so. A page
 * opened with `?chat=open` (a support reply's notification) starts with the chat open.
 */
export function SupportWidget() {
  const { pathname, search } = useLocation();
  const { user, loading } = useAuth();
  const toast = useToast();
  const [open, setOpen] = useState(() => new URLSearchParams(search).get(CHAT_PARAM) === 'open');

  if (pathname.startsWith('/dashboard')) return null;

  const toggle = () => {
    if (user?.role === 'admin') {
      toast.error(ADMIN_IS_SUPPORT);
      return;
    }
    setOpen(!open);
  };

  return (
    <div className="support-widget">
      {open && (
        <Suspense
          fallback={
            <div className="support-panel">
              <Spinner label="Opening the chat…" />
            </div>
          }
        >
          <SupportPanel user={user} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {/* NOTE: disabled while a stored session loads, so an admin's press is never taken for a visitor's. */}
      <button
        type="button"
        className="support-launcher"
        aria-label={open ? 'Close support chat' : 'Chat with support'}
        aria-expanded={open}
        disabled={loading}
        onClick={toggle}
      >
        <span className={`mask-icon support-icon support-icon-${open ? 'close' : 'chat'}`} aria-hidden="true" />
      </button>
    </div>
  );
}
