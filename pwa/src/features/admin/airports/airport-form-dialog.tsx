import type { Airport } from '../../../../../sync/schemas/airport';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/use-toast';
import { useForm } from '../../../components/form/use-form';
import { useSaveAirport } from './use-admin-airports';
import { airportBody, airportErrors, type AirportInput } from './validate-airport';

const EMPTY: AirportInput = { name: '', code: '', city: '', country: '', timeZone: '' };

type AirportFormDialogProps = { airport: Airport | null; onClose: () => void };

/** Add or edit an airport; product rules §10.11: 'Airport created successfully' for both. */
export function AirportFormDialog({ airport, onClose }: AirportFormDialogProps) {
  const toast = useToast();
  const save = useSaveAirport();
  const form = useForm<AirportInput>({
    initial: airport ? { name: airport.name, code: airport.code, city: airport.city, country: airport.country, timeZone: airport.timeZone } : EMPTY,
    validate: airportErrors,
    submit: async (values) => {
      await save.mutateAsync({ id: airport?._id, body: airportBody(values) });
      toast.success('Airport created successfully');
      onClose();
    },
  });

  return (
    <Modal open title={airport ? 'Edit Airport' : 'Add Airport'} onClose={onClose}>
      <form ref={form.formRef} noValidate aria-label={airport ? 'Edit airport' : 'Add airport'} onSubmit={(event) => void form.onSubmit(event)}>
        <div className="form-grid">
          <TextField label="Name" className="span-2" {...form.field('name')} />
          <TextField label="Code" maxLength={3} autoCapitalize="characters" {...form.field('code')} />
          <TextField label="City" {...form.field('city')} />
          <TextField label="Country" {...form.field('country')} />
          <TextField label="Time zone" hint="Optional: found from the IATA code when left empty" placeholder="Europe/London" {...form.field('timeZone')} />
        </div>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save Airport'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
