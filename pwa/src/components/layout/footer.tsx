import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { SocialLinks } from './social-links';

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
        <SocialLinks className="footer-socials" />
        <p className="footer-copyright">© {new Date().getFullYear()} SkyWay Airlines. All rights reserved.</p>
      </div>
    </footer>
  );
}
