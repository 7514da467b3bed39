import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from './ui/toast-provider';
import { AuthProvider } from '../lib/auth';
import { fakeRunner } from '../local/fake-runner';
import { SyncRunnerProvider, type SyncRunner } from '../local/sync-context';

/** jsdom has no modal dialogs; these stand-ins keep the open state the way browsers do. */
export function stubDialogs(): void {
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
  Element.prototype.scrollIntoView = () => undefined;
}

/**
 * Renders a dashboard part with the app's providers: toasts, queries (no retries), auth, a router, and
 * the sync runner (a fake that records what is queued unless one is given).
 */
export function renderDashboard(ui: ReactNode, path = '/dashboard', runner: SyncRunner = fakeRunner()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ToastProvider>
      <QueryClientProvider client={client}>
        <AuthProvider onSignedOut={() => undefined}>
          <SyncRunnerProvider runner={runner}>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </SyncRunnerProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ToastProvider>,
  );
}
