import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { SocialIcon } from './social-icons';

const socials = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://x.com/', label: 'X' },
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
  { href: 'https://www.youtube.com/', label: 'YouTube' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="footer-tagline">Fly further, book simpler.</p>
        </div>
        <nav className="footer-links" aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/policy">Policy</Link>
          <Link to="/terms">Terms &amp; Conditions</Link>
        </nav>
        <ul className="footer-socials" aria-label="SkyWay on social media">
          {socials.map((social) => (
            <li key={social.label}>
              <a href={social.href} aria-label={social.label} target="_blank" rel="noopener noreferrer">
                <SocialIcon name={social.label} />
              </a>
            </li>
          ))}
        </ul>
        <p className="footer-copyright">© 2025 SkyWay Airlines. All rights reserved.</p>
      </div>
    </footer>
  );
}
