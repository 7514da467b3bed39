import { useCallback, useState } from 'react';
import type { User } from '../../../../sync/schemas/user';
import { ChatScreen } from './chat-screen';
import { GuestForm } from './guest-form';
import { useGuestSession } from './use-support-chat';
import { WidgetHome } from './widget-home';

type Screen = 'home' | 'form' | 'chat';

/** The widget's three screens: home (FAQ and 'Send us a message'), the guest form, and the chat. */
export function SupportPanel({ user, onClose }: { user: User | null; onClose: () => void }) {
  const guest = useGuestSession();
  const [screen, setScreen] = useState<Screen>('home');
  const needsGuest = useCallback(() => setScreen('form'), []);
  return (
    <section className="support-panel" aria-label="Support chat">
      <header className="support-header">
        {screen !== 'home' && (
          <button type="button" className="support-icon-button" aria-label="Back" onClick={() => setScreen('home')}>
            ‹
          </button>
        )}
        <h2 className="support-title">SkyWay Support</h2>
        <button type="button" className="support-icon-button" aria-label="Close support chat" onClick={onClose}>
          ×
        </button>
      </header>
      {screen === 'home' && <WidgetHome onMessage={() => setScreen(user || guest ? 'chat' : 'form')} onLeave={onClose} />}
      {screen === 'form' && <GuestForm onDone={() => setScreen('chat')} />}
      {screen === 'chat' && <ChatScreen user={user} onNeedsGuest={needsGuest} />}
    </section>
  );
}
