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
