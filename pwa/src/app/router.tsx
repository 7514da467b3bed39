import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { DashboardIndex } from '../pages/dashboard/dashboard-index';
import { lazyPage, type LazyPage } from './lazy-page';

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
const DashboardLayout = lazyPage(() => import('../pages/dashboard/dashboard-layout'), 'DashboardLayout');
const ProfilePage = lazyPage(() => import('../pages/dashboard/profile/profile-page'), 'ProfilePage');
const BookingsPage = lazyPage(() => import('../pages/dashboard/bookings/bookings-page'), 'BookingsPage');
const ManageBookingPage = lazyPage(() => import('../pages/dashboard/manage-booking/manage-booking-page'), 'ManageBookingPage');
const BoardingPassPage = lazyPage(() => import('../pages/dashboard/boarding-pass/boarding-pass-page'), 'BoardingPassPage');
const PaymentsPage = lazyPage(() => import('../pages/dashboard/payments/payments-page'), 'PaymentsPage');
const AirportsPage = lazyPage(() => import('../pages/dashboard/airports/airports-page'), 'AirportsPage');
const FlightsPage = lazyPage(() => import('../pages/dashboard/flights/flights-page'), 'FlightsPage');
const SettingsPage = lazyPage(() => import('../pages/dashboard/settings/settings-page'), 'SettingsPage');
const SupportPage = lazyPage(() => import('../pages/dashboard/support/support-page'), 'SupportPage');
const AllPaymentsPage = lazyPage(() => import('../pages/dashboard/all-payments/all-payments-page'), 'AllPaymentsPage');
const AllBookingsPage = lazyPage(() => import('../pages/dashboard/all-bookings/all-bookings-page'), 'AllBookingsPage');
const OverviewPage = lazyPage(() => import('../pages/dashboard/overview/overview-page'), 'OverviewPage');
const UsersPage = lazyPage(() => import('../pages/dashboard/users/users-page'), 'UsersPage');
const UserPage = lazyPage(() => import('../pages/dashboard/users/user-page'), 'UserPage');
const AuditPage = lazyPage(() => import('../pages/dashboard/audit/audit-page'), 'AuditPage');
const MailOutboxPage = lazyPage(() => import('../pages/dashboard/outbox/mail-outbox-page'), 'MailOutboxPage');
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
