import { Link, NavLink } from 'react-router-dom';
import { Logo } from './logo';

const links = [
  { to: '/', label: 'Home' },
  { to: '/tracking', label: 'Track' },
  { to: '/dashboard/bookings', label: 'Bookings' },
  { to: '/contact', label: 'Contact' },
];

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
        <Link to="/signup" className="button navbar-action">
          Sign Up
        </Link>
      </div>
    </header>
  );
}
