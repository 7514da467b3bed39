import { useId } from 'react';
import { Dropdown } from '../../components/ui/dropdown';
import type { TravellerForm } from '../../lib/trip/traveller-form';

type Dob = TravellerForm['dob'];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayOptions = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const monthOptions = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
const thisYear = new Date().getFullYear();
const yearOptions = Array.from({ length: thisYear - 1900 + 1 }, (_, i) => ({ value: String(thisYear - i), label: String(thisYear - i) }));

type DobFieldsProps = { value: Dob; onChange: (dob: Dob) => void; error?: string };

/** Date of birth as day, month and year dropdowns (product rules §10.3). */
export function DobFields({ value, onChange, error }: DobFieldsProps) {
  const errorId = useId();
  const pick = (key: keyof Dob) => (next: string) => onChange({ ...value, [key]: next });
  return (
    <fieldset className="dob-fields" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">Date of birth</legend>
      <div className="dob-row">
        <Dropdown label="Day" options={dayOptions} value={value.day || null} onChange={pick('day')} />
        <Dropdown label="Month" options={monthOptions} value={value.month || null} onChange={pick('month')} />
        <Dropdown label="Year" options={yearOptions} value={value.year || null} onChange={pick('year')} />
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
