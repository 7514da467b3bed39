import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SupportWidget } from '../../features/support-chat/support-widget';
import { SignInBanner } from '../sync-status/sign-in-banner';
import { PageSpinner } from '../ui/page-spinner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollRestoration } from './scroll-restoration';

export function SiteLayout() {
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="site-main">
        <SignInBanner />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SupportWidget />
      <ScrollRestoration />
    </div>
  );
}
