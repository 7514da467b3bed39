function localDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

/** The pages a first-time visitor lands on: the home page and a listing with results (LOS-LHR flies daily). */
export function landingPages(): { page: string; path: string }[] {
  const search = new URLSearchParams({ from: 'LOS', to: 'LHR', date: localDay(5), type: 'one', class: 'Economy', travelers: '1' });
  return [
    { page: 'home', path: '/' },
    { page: 'listing', path: `/listing?${search.toString()}` },
  ];
}

/** The back office's pages admins work from on phones. */
export function dashboardPages(): { page: string; path: string }[] {
  return [
    { page: 'bookings', path: '/dashboard/bookings' },
    { page: 'all-payments', path: '/dashboard/all-payments' },
    { page: 'support', path: '/dashboard/support' },
  ];
}

/** The demo admin's token (the bench server is started with this password). */
export async function adminToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auths/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@skyway.test', password: 'Admin-pass-123' }),
  });
  if (!res.ok) throw new Error(`the admin's login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
