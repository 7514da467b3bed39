export type MenuItem = { to: string; label: string };

export const USER_ITEMS: readonly MenuItem[] = [
  { to: 'profile', label: 'Profile' },
  { to: 'bookings', label: 'My Bookings' },
  { to: 'payments', label: 'Payments' },
];

export const ADMIN_ITEMS: readonly MenuItem[] = [
  { to: 'overview', label: 'Overview' },
  { to: 'airports', label: 'Airports' },
  { to: 'flights', label: 'Flights' },
  { to: 'all-bookings', label: 'All Bookings' },
  { to: 'all-payments', label: 'All Payments' },
  { to: 'support', label: 'Support' },
  { to: 'users', label: 'Users' },
  { to: 'settings', label: 'Settings' },
  { to: 'audit', label: 'Audit log' },
  { to: 'outbox', label: 'Mail outbox' },
];

export const STAFF_ONLY = 'That page is for SkyWay staff only';

/** Whether /dashboard/{section} is a back-office page. */
export function isAdminSection(section: string): boolean {
  return ADMIN_ITEMS.some((item) => item.to === section);
}
