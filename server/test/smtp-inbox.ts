import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { from: string; to: string[]; headers: Map<string, string>; parts: Map<string, string> };

function headersOf(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) map.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A small MIME reader: the top headers and each leaf part's decoded body by content type. */
function parseMime(raw: string): Pick<Received, 'headers' | 'parts'> {
  const split = (s: string) => {
    const at = s.indexOf('\r\n\r\n');
    return { head: headersOf(s.slice(0, at)), body: s.slice(at + 4) };
  };
  const top = split(raw);
  const parts = new Map<string, string>();
  const walk = (head: Map<string, string>, body: string) => {
    const type = head.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
        const part = split(chunk.replace(/^\r\n/, ''));
        walk(part.head, part.body.replace(/\r\n$/, ''));
      }
      return;
    }
    parts.set(type.split(';')[0]?.trim() ?? type, decode(body, head.get('content-transfer-encoding')?.toLowerCase()));
  };
  walk(top.head, top.body);
  return { headers: top.head, parts };
}

export type Inbox = {
  url: string;
  received: Received[];
  /** Waits for the next mail, not answered before, with this subject to this address. */
  mailTo(to: string, subject: string): Promise<Received>;
  close(): Promise<void>;
};

/** A real SMTP server on a free port that keeps what it receives; `refuse` bounces recipients. */
export async function startInbox(refuse: (address: string) => boolean = () => false): Promise<Inbox> {
  const received: Received[] = [];
  const answered = new Set<Received>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse(address.address) ? new Error('Mailbox unavailable') : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), ...parseMime(Buffer.concat(chunks).toString('latin1')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async mailTo(to, subject) {
      for (let i = 0; i < 200; i++) {
        const found = received.find((m) => !answered.has(m) && m.to.includes(to) && m.headers.get('subject') === subject);
        if (found) {
          answered.add(found);
          return found;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail '${subject}' to ${to}; got ${received.map((m) => m.headers.get('subject')).join(' | ')}`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
