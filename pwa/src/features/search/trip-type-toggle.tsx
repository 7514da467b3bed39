import { useId } from 'react';
import type { TripType } from '../../lib/trip/search-values';

const choices: { value: TripType; label: string }[] = [
  { value: 'one', label: 'One Way' },
  { value: 'round', label: 'Round Trip' },
];

type TripTypeToggleProps = { value: TripType; onChange: (value: TripType) => void };

export function TripTypeToggle({ value, onChange }: TripTypeToggleProps) {
  const name = useId();
  return (
    <fieldset className="trip-type">
      <legend className="visually-hidden">Trip type</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="trip-type-option">
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
