import { useCallback } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { RouteErrorBoundary } from '../components/layout/route-error-boundary';
import { UpdateToast } from '../components/ui/update-toast';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { SyncStarter } from './sync-starter';

// NOTE: declarative routing (BrowserRouter, useRoutes) rather than a data router: the app uses no loaders
// or actions, and the data router would add 17 KB gzip to every first page (docs/decisions/005).
/** The app inside a router: BrowserRouter in the browser, StaticRouter when the build pre-renders a page. */
export function RoutedApp() {
  const navigate = useNavigate();
  const goToLogin = useCallback(() => void navigate('/login'), [navigate]);
  return (
    <Providers onSignedOut={goToLogin}>
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
      <UpdateToast />
      <SyncStarter />
    </Providers>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <RoutedApp />
    </BrowserRouter>
  );
}
