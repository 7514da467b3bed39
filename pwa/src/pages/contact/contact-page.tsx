import { ContactForm } from '../../features/contact/contact-form';
import { ContactInfo } from '../../features/contact/contact-info';
import { usePublicSettings } from '../../lib/trip/use-public-settings';
import { useAuth } from '../../lib/auth';

/** /contact: how to reach SkyWay, and a message form. */
export function ContactPage() {
  const { settings } = usePublicSettings();
  const { user } = useAuth();
  return (
    <section className="page">
      <h1>Contact us</h1>
      <p>Reach the SkyWay team by phone, e-mail or chat, or send us a message and we will answer within a day.</p>
      <div className="contact-layout">
        <ContactInfo settings={settings} />
        <ContactForm key={user?.email ?? ''} defaultEmail={user?.email ?? ''} />
      </div>
    </section>
  );
}
