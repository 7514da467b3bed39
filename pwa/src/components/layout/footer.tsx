import { Link } from 'react-router-dom';
import { Logo } from './logo';

const socials = [
  { href: 'https://www.facebook.com/', label: 'Facebook', mark: 'f' },
  { href: 'https://x.com/', label: 'X', mark: 'X' },
  { href: 'https://www.instagram.com/', label: 'Instagram', mark: 'IG' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', mark: 'in' },
  { href: 'https://www.youtube.com/', label: 'YouTube', mark: '▶' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <Logo />
        <nav className="footer-links" aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/policy">Policy</Link>
          <Link to="/terms">Terms &amp; Conditions</Link>
        </nav>
        <ul className="footer-socials">
          {socials.map((social) => (
            <li key={social.label}>
              <a href={social.href} aria-label={social.label} target="_blank" rel="noopener noreferrer">
                <span aria-hidden="true">{social.mark}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="footer-copyright">© 2025 SkyWay Airlines</p>
      </div>
    </footer>
  );
}
