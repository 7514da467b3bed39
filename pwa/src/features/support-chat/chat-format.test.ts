import { describe, expect, it } from 'vitest';
import { dayLabel, messagePreview } from './chat-format';

describe('chat formats', () => {
  const now = new Date(2030, 5, 15, 9, 30);

  it('labels days Today, Yesterday and DD/MM/YYYY in local time', () => {
    expect(dayLabel(new Date(2030, 5, 15, 0, 1).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2030, 5, 14, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2030, 5, 13, 12, 0).toISOString(), now)).toBe('13/06/2030');
    expect(dayLabel(new Date(2029, 11, 31, 12, 0).toISOString(), new Date(2030, 0, 1, 8))).toBe('Yesterday');
  });

  it('cuts the last-message preview at 18 characters', () => {
    expect(messagePreview('Short question')).toBe('Short question');
    expect(messagePreview('exactly 18 chars!!')).toBe('exactly 18 chars!!');
    expect(messagePreview('Where is my booking confirmation?')).toBe('Where is my bookin...');
    expect(messagePreview('')).toBe('Image');
    expect(messagePreview(undefined)).toBe('No messages yet');
  });
});
