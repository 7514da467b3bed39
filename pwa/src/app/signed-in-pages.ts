import type { ComponentType } from 'react';

/**
 * The signed-in pages, loaded through this file: its imports list every script of their pages, so a page
 * loads in one round trip, not one per level of its imports (vite.config.ts). Visitors' first pages
 * do not carry those lists.
 */
export const signedInPages = {
  DashboardLayout: async () => (await import('../pages/dashboard/dashboard-layout')).DashboardLayout,
  ProfilePage: async () => (await import('../pages/dashboard/profile/profile-page')).ProfilePage,
  BookingsPage: async () => (await import('../pages/dashboard/bookings/bookings-page')).BookingsPage,
  ManageBookingPage: async () => (await import('../pages/dashboard/manage-booking/manage-booking-page')).ManageBookingPage,
  BoardingPassPage: async () => (await import('../pages/dashboard/boarding-pass/boarding-pass-page')).BoardingPassPage,
  PaymentsPage: async () => (await import('../pages/dashboard/payments/payments-page')).PaymentsPage,
  AirportsPage: async () => (await import('../pages/dashboard/airports/airports-page')).AirportsPage,
  FlightsPage: async () => (await import('../pages/dashboard/flights/flights-page')).FlightsPage,
  SettingsPage: async () => (await import('../pages/dashboard/settings/settings-page')).SettingsPage,
  SupportPage: async () => (await import('../pages/dashboard/support/support-page')).SupportPage,
  AllPaymentsPage: async () => (await import('../pages/dashboard/all-payments/all-payments-page')).AllPaymentsPage,
  AllBookingsPage: async () => (await import('../pages/dashboard/all-bookings/all-bookings-page')).AllBookingsPage,
  OverviewPage: async () => (await import('../pages/dashboard/overview/overview-page')).OverviewPage,
  UsersPage: async () => (await import('../pages/dashboard/users/users-page')).UsersPage,
  UserPage: async () => (await import('../pages/dashboard/users/user-page')).UserPage,
  AuditPage: async () => (await import('../pages/dashboard/audit/audit-page')).AuditPage,
  MailOutboxPage: async () => (await import('../pages/dashboard/outbox/mail-outbox-page')).MailOutboxPage,
} satisfies Record<string, () => Promise<ComponentType>>;
