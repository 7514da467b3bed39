import { useId } from 'react';
import { TITLES } from '../../../../sync/constants';
import { Dropdown } from '../../components/ui/dropdown';
import { TextField } from '../../components/ui/text-field';
import { countryOptions } from './countries';
import { DobFields } from './dob-fields';
import type { TravellerErrors, TravellerForm } from '../../lib/trip/traveller-form';

const titleOptions = TITLES.map((title) => ({ value: title, label: title }));

type TravellerSectionProps = {
  traveller: TravellerForm;
  errors: TravellerErrors;
  onChange: (patch: Partial<TravellerForm>) => void;
  onRemove?: () => void;
};

/** One collapsible 'Adult {n}' section of the traveller details. */
export function TravellerSection({ traveller, errors, onChange, onRemove }: TravellerSectionProps) {
  const headingId = useId();
  const bodyId = useId();
  const { expanded } = traveller;
  return (
    <section className="traveller" aria-labelledby={headingId}>
      <h3 className="traveller-heading">
        <button
          id={headingId}
          type="button"
          className="traveller-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => onChange({ expanded: !expanded })}
        >
          Adult {traveller.id}
        </button>
      </h3>
      <div id={bodyId} className="traveller-body" hidden={!expanded}>
        <div className="traveller-grid">
          <Dropdown label="Title" options={titleOptions} value={traveller.title} onChange={(title) => onChange({ title })} error={errors.title} />
          <TextField
            label="First name"
            autoComplete="given-name"
            value={traveller.firstName}
            error={errors.firstName}
            onChange={(e) => onChange({ firstName: e.target.value })}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={traveller.lastName}
            error={errors.lastName}
            onChange={(e) => onChange({ lastName: e.target.value })}
          />
        </div>
        <DobFields value={traveller.dob} error={errors.dob} onChange={(dob) => onChange({ dob })} />
        <div className="traveller-grid">
          <Dropdown
            label="Nationality"
            filterable
            options={countryOptions()}
            value={traveller.nationality || null}
            onChange={(nationality) => onChange({ nationality })}
            error={errors.nationality}
          />
          <TextField
            label="Passport number"
            value={traveller.passportNumber}
            error={errors.passportNumber}
            onChange={(e) => onChange({ passportNumber: e.target.value })}
          />
          <Dropdown
            label="Passport country"
            filterable
            options={countryOptions()}
            value={traveller.passportCountry || null}
            onChange={(passportCountry) => onChange({ passportCountry })}
            error={errors.passportCountry}
          />
          <TextField
            label="Passport expiry"
            type="date"
            value={traveller.passportExpiry}
            error={errors.passportExpiry}
            onChange={(e) => onChange({ passportExpiry: e.target.value })}
          />
        </div>
        {onRemove && (
          <button type="button" className="button button-secondary traveller-remove" onClick={onRemove}>
            Remove Adult {traveller.id}
          </button>
        )}
      </div>
    </section>
  );
}
