import { FLIGHT_STATUSES, SEATS_PER_FLIGHT, type FlightStatus } from '../../../../../sync/constants';
import type { Airport } from '../../../../../sync/schemas/airport';
import type { Flight } from '../../../../../sync/schemas/flight';
import { Dropdown } from '../../../components/ui/dropdown';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/use-toast';
import { useForm } from '../../../components/form/use-form';
import { toZoneInput } from './flight-times';
import { useSaveFlight } from './use-admin-flights';
import { boardingBody, flightBody, flightErrors, type FlightInput } from './validate-flight';

const STATUS_OPTIONS = FLIGHT_STATUSES.map((value) => ({ value, label: value }));
const isStatus = (value: string): value is FlightStatus => FLIGHT_STATUSES.some((s) => s === value);
const EMPTY: FlightInput = { origin: '', destination: '', departureTime: '', arrivalTime: '', price: '', status: '', gate: '', boardingTime: '' };

function initialOf(flight: Flight | null): FlightInput {
  if (!flight) return EMPTY;
  return {
    origin: flight.origin._id,
    destination: flight.destination._id,
    departureTime: toZoneInput(flight.departureTime, flight.origin.timeZone),
    arrivalTime: toZoneInput(flight.arrivalTime, flight.destination.timeZone),
    price: String(flight.price),
    status: flight.status,
    gate: flight.gate ?? '',
    boardingTime: flight.boardingTime ? toZoneInput(flight.boardingTime, flight.origin.timeZone) : '',
  };
}

const options = (airports: readonly Airport[], exclude: string) =>
  airports
    .filter((a) => a._id !== exclude)
    .map((a) => ({ value: a._id, label: `${a.city}(${a.code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));

type FlightFormDialogProps = { flight: Flight | null; airports: readonly Airport[]; onClose: () => void };

/**
 * Create Flight (or edit one, with its status): times are entered in each airport's own local time; a new
 * departure is in the future and a flight lasts at most 20 hours; a flight with seats taken says so first.
 */
export function FlightFormDialog({ flight, airports, onClose }: FlightFormDialogProps) {
  const toast = useToast();
  const save = useSaveFlight();
  const initial = initialOf(flight);
  const form = useForm<FlightInput>({
    initial,
    validate: (values) => flightErrors(values, airports, Date.now(), flight ? initial.departureTime : undefined),
    submit: async (values) => {
      const edit = flight ? { ...boardingBody(values, airports), ...(isStatus(values.status) ? { status: values.status } : {}) } : {};
      const body = { ...flightBody(values, airports), ...edit };
      const answer = await save.mutateAsync({ id: flight?._id, body });
      toast.success(flight ? answer.message : 'Flight created successfully');
      if (answer.warning) toast.success(answer.warning);
      onClose();
    },
  });
  const zone = (id: string) => airports.find((a) => a._id === id);
  const origin = zone(form.values.origin);
  const destination = zone(form.values.destination);
  const taken = flight ? SEATS_PER_FLIGHT - flight.availableSeats : 0;

  return (
    <Modal open title={flight ? `Edit Flight ${flight.flightNumber}` : 'Create Flight'} onClose={onClose}>
      <form ref={form.formRef} noValidate aria-label={flight ? 'Edit flight' : 'Create flight'} onSubmit={(event) => void form.onSubmit(event)}>
        {taken > 0 ? (
          <p className="notice notice-warning" role="status">
            {taken} of {SEATS_PER_FLIGHT} seats on this flight are sold or held. New times reach its travellers only on their dashboard: they are not mailed.
          </p>
        ) : null}
        <div className="form-grid">
          <Dropdown
            label="Origin"
            filterable
            options={options(airports, form.values.destination)}
            value={form.values.origin || null}
            error={form.errors.origin}
            onChange={(v) => form.set('origin', v)}
          />
          <Dropdown
            label="Destination"
            filterable
            options={options(airports, form.values.origin)}
            value={form.values.destination || null}
            error={form.errors.destination}
            onChange={(v) => form.set('destination', v)}
          />
          <TextField
            label="Departure"
            type="datetime-local"
            step={900}
            hint={origin ? `Local time in ${origin.city} (${origin.timeZone})` : 'Local time at the origin'}
            {...form.field('departureTime')}
          />
          <TextField
            label="Arrival"
            type="datetime-local"
            step={900}
            hint={destination ? `Local time in ${destination.city} (${destination.timeZone})` : 'Local time at the destination'}
            {...form.field('arrivalTime')}
          />
          <TextField label="Price ($)" type="number" min="0.01" step="0.01" inputMode="decimal" {...form.field('price')} />
          {flight ? (
            <Dropdown
              label="Status"
              options={STATUS_OPTIONS}
              value={isStatus(form.values.status) ? form.values.status : null}
              onChange={(v) => form.set('status', v)}
            />
          ) : null}
          {flight ? (
            <>
              <TextField label="Gate" hint="Empty until the airport assigns one" maxLength={6} {...form.field('gate')} />
              <TextField
                label="Boarding time"
                type="datetime-local"
                step={300}
                hint={origin ? `Local time in ${origin.city}, at most 3 hours before departure` : 'Local time at the origin'}
                {...form.field('boardingTime')}
              />
            </>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? 'Saving…' : flight ? 'Update Flight' : 'Create Flight'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
