import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { Logo } from './logo';
import { signOutDevice } from './sign-out-device';
import { UserMenu } from './user-menu';

const links = [
  { to: '/', label: 'Home' },
  { to: '/tracking', label: 'Track' },
  { to: '/dashboard/bookings', label: 'Bookings' },
  { to: '/contact', label: 'Contact' },
];

function AccountSlot() {
  const { user, loading, logout } = useAuth();
  // A fixed-size slot while the profile loads keeps the bar from shifting.
  if (loading) return <span className="navbar-action navbar-action-pending" aria-hidden="true" />;
  if (user) return <UserMenu user={user} onSignOut={() => void signOutDevice(logout)} />;
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
