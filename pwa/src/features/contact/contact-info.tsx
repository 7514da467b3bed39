import type { PublicSettings } from '../../../../sync/schemas/settings';
import { SocialLinks } from '../../components/layout/social-links';
import './contact.css';

/** Call numbers, e-mail and WhatsApp from the settings, and the social links. */
export function ContactInfo({ settings }: { settings: PublicSettings | undefined }) {
  const phones = settings?.contact.phones ?? [];
  const email = settings?.contact.email;
  return (
    <aside className="contact-info" aria-label="Contact details">
      <h2>Call us</h2>
      {phones.length ? (
        <ul>
          {phones.map((phone) => (
            <li key={phone}>
              <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>Our numbers are loading…</p>
      )}
      {email && (
        <>
          <h2>Email us</h2>
          <p>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        </>
      )}
      {settings?.whatsApp && (
        <p>
          <a className="button contact-whatsapp" href={settings.whatsApp} target="_blank" rel="noopener noreferrer">
            Chat on WhatsApp
          </a>
        </p>
      )}
      <h2>Follow us</h2>
      <SocialLinks className="contact-socials" />
    </aside>
  );
}
