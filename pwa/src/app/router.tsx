import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { DashboardIndex } from '../pages/dashboard/dashboard-index';
import { lazyPage, type LazyPage } from './lazy-page';

const signedIn = () => import('./signed-in-pages');
type SignedInName = keyof Awaited<ReturnType<typeof signedIn>>['signedInPages'];
const signedInPage = (name: SignedInName) => lazyPage(async () => ({ page: await (await signedIn()).signedInPages[name]() }), 'page');

const HomePage = lazyPage(() => import('../pages/home/home-page'), 'HomePage');
const ListingPage = lazyPage(() => import('../pages/listing/listing-page'), 'ListingPage');
const BookingPage = lazyPage(() => import('../pages/booking/booking-page'), 'BookingPage');
const ContactPage = lazyPage(() => import('../pages/contact/contact-page'), 'ContactPage');
const LoginPage = lazyPage(() => import('../pages/login/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('../pages/signup/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('../pages/verify-email/verify-email-page'), 'VerifyEmailPage');
const TrackingPage = lazyPage(() => import('../pages/tracking/tracking-page'), 'TrackingPage');
const PaymentPage = lazyPage(() => import('../pages/payment/payment-page'), 'PaymentPage');
const BankTransferPage = lazyPage(() => import('../pages/bank-transfer/bank-transfer-page'), 'BankTransferPage');
const ConfirmPage = lazyPage(() => import('../pages/confirm/confirm-page'), 'ConfirmPage');
const DashboardLayout = signedInPage('DashboardLayout');
const ProfilePage = signedInPage('ProfilePage');
const BookingsPage = signedInPage('BookingsPage');
const ManageBookingPage = signedInPage('ManageBookingPage');
const BoardingPassPage = signedInPage('BoardingPassPage');
const PaymentsPage = signedInPage('PaymentsPage');
const AirportsPage = signedInPage('AirportsPage');
const FlightsPage = signedInPage('FlightsPage');
const SettingsPage = signedInPage('SettingsPage');
const SupportPage = signedInPage('SupportPage');
const AllPaymentsPage = signedInPage('AllPaymentsPage');
const AllBookingsPage = signedInPage('AllBookingsPage');
const OverviewPage = signedInPage('OverviewPage');
const UsersPage = signedInPage('UsersPage');
const UserPage = signedInPage('UserPage');
const AuditPage = signedInPage('AuditPage');
const MailOutboxPage = signedInPage('MailOutboxPage');
const AboutPage = lazyPage(() => import('../pages/about/about-page'), 'AboutPage');
const PolicyPage = lazyPage(() => import('../pages/policy/policy-page'), 'PolicyPage');
const TermsPage = lazyPage(() => import('../pages/terms/terms-page'), 'TermsPage');
const ArticlePage = lazyPage(() => import('../pages/articles/article-page'), 'ArticlePage');
const NotFoundPage = lazyPage(() => import('../pages/not-found/not-found-page'), 'NotFoundPage');

export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    children: [
      { index: true, Component: HomePage },
      { path: 'listing', Component: ListingPage },
      { path: 'booking', Component: BookingPage },
      { path: 'contact', Component: ContactPage },
      { path: 'login', Component: LoginPage },
      { path: 'signup', Component: SignupPage },
      { path: 'forgot-password', Component: ForgotPasswordPage },
      { path: 'reset-password', Component: ResetPasswordPage },
      { path: 'verify-email', Component: VerifyEmailPage },
      { path: 'tracking', Component: TrackingPage },
      { path: 'payment', Component: PaymentPage },
      { path: 'payment/:paymentId', Component: BankTransferPage },
      { path: 'confirm', Component: ConfirmPage },
      {
        path: 'dashboard',
        Component: DashboardLayout,
        children: [
          { index: true, Component: DashboardIndex },
          { path: 'profile', Component: ProfilePage },
          { path: 'bookings', Component: BookingsPage },
          { path: 'bookings/:bookingId', Component: ManageBookingPage },
          { path: 'bookings/:bookingId/boarding-pass', Component: BoardingPassPage },
          { path: 'payments', Component: PaymentsPage },
          { path: 'airports', Component: AirportsPage },
          { path: 'flights', Component: FlightsPage },
          { path: 'settings', Component: SettingsPage },
          { path: 'support', Component: SupportPage },
          { path: 'all-payments', Component: AllPaymentsPage },
          { path: 'all-bookings', Component: AllBookingsPage },
          { path: 'overview', Component: OverviewPage },
          { path: 'users', Component: UsersPage },
          { path: 'users/:userId', Component: UserPage },
          { path: 'audit', Component: AuditPage },
          { path: 'outbox', Component: MailOutboxPage },
        ],
      },
      { path: 'about', Component: AboutPage },
      { path: 'policy', Component: PolicyPage },
      { path: 'terms', Component: TermsPage },
      { path: 'articles/:id', Component: ArticlePage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'object' && component !== null && 'preload' in component;
}

/** Loads the code of the pages that render `pathname`, so that their first render does not suspend. */
export async function preloadPage(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.Component).filter(isLazyPage);
  await Promise.all(pages.map((page) => page.preload()));
}
