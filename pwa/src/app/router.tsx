import { useRoutes, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout';
import { DashboardIndex } from '../pages/dashboard/dashboard-index';
import { lazyPage } from './lazy-page';

const HomePage = lazyPage(() => import('../pages/home/home-page'), 'HomePage');
const ListingPage = lazyPage(() => import('../pages/listing/listing-page'), 'ListingPage');
const BookingPage = lazyPage(() => import('../pages/booking/booking-page'), 'BookingPage');
const ContactPage = lazyPage(() => import('../pages/contact/contact-page'), 'ContactPage');
const LoginPage = lazyPage(() => import('../pages/login/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('../pages/signup/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(() => import('../pages/forgot-password/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/reset-password-page'), 'ResetPasswordPage');
const TrackingPage = lazyPage(() => import('../pages/tracking/tracking-page'), 'TrackingPage');
const PaymentPage = lazyPage(() => import('../pages/payment/payment-page'), 'PaymentPage');
const BankTransferPage = lazyPage(() => import('../pages/bank-transfer/bank-transfer-page'), 'BankTransferPage');
const ConfirmPage = lazyPage(() => import('../pages/confirm/confirm-page'), 'ConfirmPage');
const DashboardLayout = lazyPage(() => import('../pages/dashboard/dashboard-layout'), 'DashboardLayout');
const ProfilePage = lazyPage(() => import('../pages/dashboard/profile/profile-page'), 'ProfilePage');
const BookingsPage = lazyPage(() => import('../pages/dashboard/bookings/bookings-page'), 'BookingsPage');
const PaymentsPage = lazyPage(() => import('../pages/dashboard/payments/payments-page'), 'PaymentsPage');
const AirportsPage = lazyPage(() => import('../pages/dashboard/airports/airports-page'), 'AirportsPage');
const FlightsPage = lazyPage(() => import('../pages/dashboard/flights/flights-page'), 'FlightsPage');
const SettingsPage = lazyPage(() => import('../pages/dashboard/settings/settings-page'), 'SettingsPage');
const SupportPage = lazyPage(() => import('../pages/dashboard/support/support-page'), 'SupportPage');
const AllPaymentsPage = lazyPage(() => import('../pages/dashboard/all-payments/all-payments-page'), 'AllPaymentsPage');
const AllBookingsPage = lazyPage(() => import('../pages/dashboard/all-bookings/all-bookings-page'), 'AllBookingsPage');
const OverviewPage = lazyPage(() => import('../pages/dashboard/overview/overview-page'), 'OverviewPage');
const AuditPage = lazyPage(() => import('../pages/dashboard/audit/audit-page'), 'AuditPage');
const MailOutboxPage = lazyPage(() => import('../pages/dashboard/outbox/mail-outbox-page'), 'MailOutboxPage');
const AboutPage = lazyPage(() => import('../pages/about/about-page'), 'AboutPage');
const PolicyPage = lazyPage(() => import('../pages/policy/policy-page'), 'PolicyPage');
const TermsPage = lazyPage(() => import('../pages/terms/terms-page'), 'TermsPage');
const ArticlePage = lazyPage(() => import('../pages/articles/article-page'), 'ArticlePage');
const NotFoundPage = lazyPage(() => import('../pages/not-found/not-found-page'), 'NotFoundPage');

const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'listing', element: <ListingPage /> },
      { path: 'booking', element: <BookingPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'tracking', element: <TrackingPage /> },
      { path: 'payment', element: <PaymentPage /> },
      { path: 'payment/:paymentId', element: <BankTransferPage /> },
      { path: 'confirm', element: <ConfirmPage /> },
      {
        path: 'dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <DashboardIndex /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'bookings', element: <BookingsPage /> },
          { path: 'payments', element: <PaymentsPage /> },
          { path: 'airports', element: <AirportsPage /> },
          { path: 'flights', element: <FlightsPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'all-payments', element: <AllPaymentsPage /> },
          { path: 'all-bookings', element: <AllBookingsPage /> },
          { path: 'overview', element: <OverviewPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'outbox', element: <MailOutboxPage /> },
        ],
      },
      { path: 'about', element: <AboutPage /> },
      { path: 'policy', element: <PolicyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'articles/:id', element: <ArticlePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
