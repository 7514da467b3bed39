import { SocialIcon } from './social-icons';

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
            <SocialIcon name={social.label} />
          </a>
        </li>
      ))}
    </ul>
  );
}
