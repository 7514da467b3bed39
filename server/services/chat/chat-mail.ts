import type { Env } from '../../env';
import type { Mail } from '../mail/mail';

/** Product rules §7.5: a support reply to a guest who is offline is e-mailed, at most this often per conversation. */
export const GUEST_MAIL_INTERVAL_MS = 10 * 60_000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Whether a conversation last mailed at `lastMailAt` may be mailed again at `now`. */
export function guestMailDue(lastMailAt: string | null, now: Date): boolean {
  return lastMailAt === null || now.getTime() - Date.parse(lastMailAt) >= GUEST_MAIL_INTERVAL_MS;
}

/**
 * The reply as mailed to a guest's confirmed address. The greeting names nobody: the guest's name is
 * whatever was typed, and a mail from us must not open with a stranger's words.
 */
export function guestReplyMail(ctx: { env: Pick<Env, 'PUBLIC_URL'> }, to: string, content: string, hasImage: boolean): Mail {
  const reply = content.trim() || (hasImage ? '(an image)' : '');
  const where = ctx.env.PUBLIC_URL
    ? `Open ${ctx.env.PUBLIC_URL} on the device you chatted from to answer.`
    : 'Open our website on the device you chatted from to answer.';
  const lines = ['Hello,', 'SkyWay Support replied to your message:', reply, where];
  return {
    to,
    subject: 'SkyWay Support replied to your message',
    text: `${lines.join('\n\n')}\n\nSkyWay Airlines\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>SkyWay Airlines</p></body></html>`,
  };
}
