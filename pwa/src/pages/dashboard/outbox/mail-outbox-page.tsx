import { MailOutboxList } from '../../../features/admin/mail/mail-outbox-list';

export function MailOutboxPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Mail outbox</h1>
      </div>
      <p className="muted">Every mail the server sends. Without an SMTP server they stay here, stored, for you to read.</p>
      <MailOutboxList />
    </section>
  );
}
