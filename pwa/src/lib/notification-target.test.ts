import { describe, expect, it } from 'vitest';
import { openNotificationTarget, type WindowTab, type WindowTabs } from './notification-target';

const ORIGIN = 'https://skyway.test';

/** Tabs of the app at these addresses, recording what the click did to each. */
function browserWith(urls: string[]) {
  const done: string[] = [];
  const tab = (url: string): WindowTab => ({
    url,
    focus: () => Promise.resolve(done.push(`focus ${url}`)),
    navigate: (to: string) => {
      done.push(`navigate ${url} -> ${to}`);
      return Promise.resolve(tab(to));
    },
  });
  const tabs = urls.map(tab);
  const clients: WindowTabs = {
    matchAll: () => Promise.resolve(tabs),
    openWindow: (url: string) => Promise.resolve(done.push(`open ${url}`)),
  };
  return { clients, done };
}

describe('a notification click', () => {
  it('focuses the tab already on that screen', async () => {
    const { clients, done } = browserWith([`${ORIGIN}/`, `${ORIGIN}/dashboard/bookings/b1`]);
    await openNotificationTarget(clients, ORIGIN, '/dashboard/bookings/b1');
    expect(done).toEqual([`focus ${ORIGIN}/dashboard/bookings/b1`]);
  });

  it('takes an open tab of the app there when none shows it', async () => {
    const { clients, done } = browserWith([`${ORIGIN}/listing`]);
    await openNotificationTarget(clients, ORIGIN, '/?chat=open');
    expect(done).toEqual([`navigate ${ORIGIN}/listing -> ${ORIGIN}/?chat=open`, `focus ${ORIGIN}/?chat=open`]);
  });

  it('opens a window on it when the app has no tab open', async () => {
    const { clients, done } = browserWith([]);
    await openNotificationTarget(clients, ORIGIN, '/dashboard/payments');
    expect(done).toEqual([`open ${ORIGIN}/dashboard/payments`]);
  });
});
