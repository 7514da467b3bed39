import dayjs from 'dayjs';
import { LAST_MESSAGE_PREVIEW_CHARS } from '../../../../sync/schemas/chat';

/** Product rules §6.5: chat day separators read Today, Yesterday, or DD/MM/YYYY, in the viewer's time zone. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const day = dayjs(iso).startOf('day');
  const today = dayjs(now).startOf('day');
  if (day.isSame(today)) return 'Today';
  if (day.isSame(today.subtract(1, 'day'))) return 'Yesterday';
  return day.format('DD/MM/YYYY');
}

/** The admin list's last-message preview, cut at 18 characters; an image-only message says so. */
export function messagePreview(content: string | undefined): string {
  const text = (content ?? '').trim();
  if (!text) return content === undefined ? 'No messages yet' : 'Image';
  return text.length > LAST_MESSAGE_PREVIEW_CHARS ? `${text.slice(0, LAST_MESSAGE_PREVIEW_CHARS)}...` : text;
}

export function timeOfDay(iso: string): string {
  return dayjs(iso).format('HH:mm');
}
