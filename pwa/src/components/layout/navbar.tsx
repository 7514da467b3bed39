import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { Logo } from './logo';

// Only signed-in people see the menu, so visitors' first page does not load it.
const AccountMenu = lazy(async () => ({ default: (await import('../../features/sign-out/account-menu')).AccountMenu }));

const links = [
  { to: '/', label: 'Home' },
  { to: '/tracking', label: 'Track' },
  { to: '/dashboard/bookings', label: 'Bookings' },
  { to: '/contact', label: 'Contact' },
];

function AccountSlot() {
  const { user, loading } = useAuth();
  // A fixed-size slot while the profile or the menu loads keeps the bar from shifting.
  const pending = <span className="navbar-action navbar-action-pending" aria-hidden="true" />;
  if (loading) return pending;
  if (user) {
    return (
      <Suspense fallback={pending}>
        <AccountMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Link to="/signup" className="button navbar-action">
      Sign Up
    </Link>
  );
}

export function Navbar() {
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Logo />
        <nav className="navbar-links" aria-label="Main">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className="navbar-link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="navbar-account">
          <AccountSlot />
        </div>
      </div>
    </header>
  );
}
