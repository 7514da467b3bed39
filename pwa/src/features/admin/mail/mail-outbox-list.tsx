import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ServerReadNote, useReadState } from '../../../components/ui/server-read';
import { api } from '../../../lib/api';
import { formatAdminDate } from '../../../lib/format';
import type { Tone } from '../../../components/ui/status';
import { StatusBadge } from '../../../components/ui/status-badge';
import './mail.css';

/** A row of GET /api/mail-outbox: every mail the server sent or, without SMTP, kept for admins to read. */
type MailRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

const TONES: Record<MailRow['status'], Tone> = { stored: 'info', sent: 'success', failed: 'danger' };

/** The newest 100 mails; each opens to its text. */
export function MailOutboxList() {
  const mails = useQuery({
    queryKey: ['admin-mail-outbox'],
    queryFn: ({ signal }) => api<MailRow[]>('/mail-outbox?limit=100', { signal }),
    refetchInterval: 30_000,
  });
  const read = useReadState(mails);
  if (read === 'loading') return <PageSpinner label="Loading mail…" />;
  if (!mails.data) return <ServerReadNote read={mails} what="mails" />;
  if (mails.data.length === 0) return <p className="table-empty">No mail yet</p>;
  return (
    <>
      <ServerReadNote read={mails} what="mails" />
      <ul className="mail-list" aria-label="Mail">
        {mails.data.map((mail) => (
          <li key={mail.id} className="card mail-item">
            <details>
              <summary>
                <span className="mail-subject">{mail.subject}</span>
                <span className="muted">
                  to {mail.to}, {formatAdminDate(mail.createdAt)}
                </span>
                <StatusBadge label={mail.status} tone={TONES[mail.status]} />
              </summary>
              {mail.error ? <p className="form-error">{mail.error}</p> : null}
              <pre className="mail-text">{mail.text}</pre>
            </details>
          </li>
        ))}
      </ul>
    </>
  );
}
