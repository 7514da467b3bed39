/** The parts of a service worker's `clients` a notification's click uses. */
export type WindowTabs = {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowTab[]>;
  openWindow(url: string): Promise<unknown>;
};
export type WindowTab = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<WindowTab | null> };

/**
 * Opens the screen a notification is about (`path`, an app path): the tab of the app already there is
 * focused, else an open tab of the app is navigated there and focused, else a new window opens on it.
 */
export async function openNotificationTarget(clients: WindowTabs, origin: string, path: string): Promise<unknown> {
  const target = new URL(path, origin).href;
  const tabs = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = tabs.find((tab) => tab.url === target);
  if (there) return there.focus();
  const tab = tabs[0];
  if (tab) return (await tab.navigate(target))?.focus();
  return clients.openWindow(target);
}
