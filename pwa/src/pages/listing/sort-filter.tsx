import { useId, useState } from 'react';
import { formatMoney } from '../../../../sync/money';
import { DAY_PARTS, DEFAULT_ARRANGEMENT, isFiltered, SORTS, type Arrangement, type DayPart, type SortKey } from './arrange-flights';

type SortFilterProps = {
  arrangement: Arrangement;
  onChange: (next: Arrangement) => void;
  /** How many loaded flights leave in each part of the day. */
  partCounts: Record<DayPart, number>;
  /** The lowest and highest class fares of the loaded flights in cents; null while unknown. */
  fares: { min: number; max: number } | null;
};

const two = (n: number) => String(n).padStart(2, '0');
/** 'Morning' runs 05:00–11:59. */
const hours = (part: { from: number; to: number }) => `${two(part.from)}:00–${two(part.to - 1)}:59`;

/**
 * Sort, departure time of day and a top price, as native labelled controls. On a phone they fold behind
 * 'Sort and filter', so the flights come first.
 */
export function SortFilter({ arrangement, onChange, partCounts, fares }: SortFilterProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const priceId = useId();
  const set = (patch: Partial<Arrangement>) => onChange({ ...arrangement, ...patch });
  const togglePart = (part: DayPart) =>
    set({ parts: arrangement.parts.includes(part) ? arrangement.parts.filter((p) => p !== part) : [...arrangement.parts, part] });
  const cap = arrangement.maxFareCents;
  // Whole dollars: the cap is moved a dollar at a time, up to the highest fare rounded up.
  const range = fares && { min: Math.floor(fares.min / 100), max: Math.ceil(fares.max / 100) };

  return (
    <div className="sort-filter" data-open={open ? 'true' : undefined}>
      <button type="button" className="button button-secondary sort-filter-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Sort and filter{isFiltered(arrangement) ? ' (on)' : ''}
      </button>
      <div id={panelId} className="sort-filter-panel">
        <label className="sort-filter-sort">
          <span>Sort by</span>
          <select className="field-input" value={arrangement.sort} onChange={(event) => set({ sort: event.target.value as SortKey })}>
            {SORTS.map((sort) => (
              <option key={sort.key} value={sort.key}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="sort-filter-parts">
          <legend>Departure time</legend>
          {DAY_PARTS.map((part) => (
            <label key={part.key}>
              <input type="checkbox" checked={arrangement.parts.includes(part.key)} onChange={() => togglePart(part.key)} />
              <span>
                {part.label} <span className="sort-filter-hint">{hours(part)}</span> ({partCounts[part.key]})
              </span>
            </label>
          ))}
        </fieldset>
        {range && range.max > range.min && (
          <div className="sort-filter-price">
            <label htmlFor={priceId}>Max price per traveller</label>
            <input
              id={priceId}
              type="range"
              min={range.min}
              max={range.max}
              step={1}
              value={cap === null ? range.max : Math.ceil(cap / 100)}
              aria-valuetext={cap === null ? 'Any price' : `Up to ${formatMoney(cap)}`}
              onChange={(event) => {
                const dollars = Number(event.target.value);
                set({ maxFareCents: dollars >= range.max ? null : dollars * 100 });
              }}
            />
            <output htmlFor={priceId}>{cap === null ? 'Any price' : `Up to ${formatMoney(cap)}`}</output>
          </div>
        )}
        {isFiltered(arrangement) && (
          <button type="button" className="button button-secondary" onClick={() => onChange({ ...DEFAULT_ARRANGEMENT, sort: arrangement.sort })}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
