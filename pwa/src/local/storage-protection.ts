/** Whether the browser keeps this device's copy under storage pressure, and how much it holds. */
export type StorageReport = { persisted: boolean | null; usage: number | null };

/**
 * Asks the browser not to clear this device's data (the outbox with it) when space runs low; asked after
 * a sign-in and after a booking. Answers the browser's decision, or null where it cannot be asked.
 */
export async function protectDeviceData(): Promise<boolean | null> {
  if (!navigator.storage?.persist) return null;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}

export async function storageReport(): Promise<StorageReport> {
  const storage = navigator.storage;
  const [persisted, estimate] = await Promise.all([storage?.persisted ? storage.persisted() : null, storage?.estimate ? storage.estimate() : null]);
  return { persisted, usage: estimate?.usage ?? null };
}

/** 0.4 kB, 12 kB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
