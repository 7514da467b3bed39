// Simple line icons for the three steps; they inherit the text colour.
const icons = {
  search: 'M10.5 4a6.5 6.5 0 1 0 4 11.6l4.2 4.2 1.4-1.4-4.2-4.2A6.5 6.5 0 0 0 10.5 4zm0 2a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z',
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
  ticket: 'M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zm2 2v.6a4 4 0 0 1 0 6.8V16h14v-.6a4 4 0 0 1 0-6.8V8zm4 2h6v4H9z',
} as const;

export type StepIconName = keyof typeof icons;

export function StepIcon({ name }: { name: StepIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d={icons[name]} />
    </svg>
  );
}
