import { Link } from 'react-router-dom';

// NOTE: the plane glyph is Material Design's 'flight' icon (Apache-2.0), as in the app icons.
const plane = 'M21 16v-2l-8-5V3.5c0-.83-.67-1.5-1.5-1.5S10 2.67 10 3.5V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5l8 2.5z';

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="SkyWay Airlines home">
      <svg className="logo-mark" viewBox="0 0 24 24" aria-hidden="true">
        <rect width="24" height="24" rx="5" />
        <path transform="rotate(45 12 12) translate(2.4 2.4) scale(0.8)" d={plane} />
      </svg>
      <span className="logo-text">SkyWay</span>
    </Link>
  );
}
