import './social-links.css';

const SOCIALS = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://x.com/', label: 'X' },
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
  { href: 'https://www.youtube.com/', label: 'YouTube' },
];

/** The airline's five social profiles, shown in the footer and on the contact page. */
export function SocialLinks({ className }: { className: string }) {
  return (
    <ul className={className} aria-label="SkyWay on social media">
      {SOCIALS.map((social) => (
        <li key={social.label}>
          <a href={social.href} aria-label={social.label} target="_blank" rel="noopener noreferrer">
            <span className={`mask-icon social-icon social-icon-${social.label.toLowerCase()}`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
