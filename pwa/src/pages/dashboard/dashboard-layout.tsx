import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner';

const userItems = [
  { to: 'profile', label: 'Profile' },
  { to: 'bookings', label: 'Bookings' },
  { to: 'payments', label: 'Payments' },
];

const adminItems = [
  { to: 'airports', label: 'Airports' },
  { to: 'flights', label: 'Flights' },
  { to: 'all-bookings', label: 'All bookings' },
  { to: 'all-payments', label: 'All payments' },
  { to: 'support', label: 'Support' },
  { to: 'settings', label: 'Settings' },
];

function MenuList({ items }: { items: { to: string; label: string }[] }) {
  return (
    <ul className="dashboard-menu-list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="dashboard-menu-link">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function DashboardLayout() {
  return (
    <div className="dashboard">
      <nav className="dashboard-menu" aria-label="Dashboard">
        <MenuList items={userItems} />
        <MenuList items={adminItems} />
      </nav>
      <div className="dashboard-content">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
