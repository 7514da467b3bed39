import type { Tone } from './status';

export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return <span className={`status-badge status-${tone}`}>{label}</span>;
}
