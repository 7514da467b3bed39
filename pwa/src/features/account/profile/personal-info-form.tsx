import { useQueryClient } from '@tanstack/react-query';
import { GENDERS } from '../../../../../sync/constants';
import { EMAIL_NEEDS_PASSWORD, type User } from '../../../../../sync/schemas/user';
import { Dropdown } from '../../../components/ui/dropdown';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/use-toast';
import { useSyncRunner } from '../../../local/sync-context';
import { useSyncState } from '../../../local/sync-status';
import { useForm } from '../../../components/form/use-form';
import { PROFILE_FAILED, PROFILE_QUEUED, PROFILE_SAVED } from './profile-texts';
import { personalErrors, type PersonalInput } from './validate-profile';

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) }));
const isGender = (value: string): value is (typeof GENDERS)[number] => GENDERS.some((g) => g === value);

/**
 * Saved through the outbox like every other change, so it works offline and is sent when the device is
 * back. The e-mail is shown, not edited here: changing it needs the current password, which never goes
 * into the device's queue (Update email below, online).
 */
export function PersonalInfoForm({ user }: { user: User }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { online } = useSyncState();
  const { mutate, requestSync } = useSyncRunner();
  const form = useForm<PersonalInput>({
    initial: {
      fullName: user.fullName,
      email: user.email,
      phone: user.mobile ?? '',
      nationality: user.nationality ?? '',
      dob: user.dob ?? '',
      gender: user.gender ?? '',
      address: user.address ?? '',
    },
    validate: personalErrors,
    fallbackError: PROFILE_FAILED,
    submit: async ({ fullName, phone, nationality, dob, gender, address }) => {
      await mutate.updateProfile({ fullName, phone, nationality, dob, address, ...(isGender(gender) ? { gender } : {}) });
      toast.success(online ? PROFILE_SAVED : PROFILE_QUEUED);
      void requestSync().then(() => queryClient.invalidateQueries({ queryKey: ['me'] }));
    },
  });
  const gender = form.values.gender;

  return (
    <form ref={form.formRef} className="card" noValidate aria-labelledby="personal-heading" onSubmit={(event) => void form.onSubmit(event)}>
      <h2 id="personal-heading">Personal information</h2>
      <div className="form-grid">
        <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
        <TextField label="Email" type="email" autoComplete="email" readOnly hint={EMAIL_NEEDS_PASSWORD} {...form.field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
        <TextField label="Nationality" autoComplete="country-name" {...form.field('nationality')} />
        <TextField label="Date of birth" type="date" autoComplete="bday" {...form.field('dob')} />
        <Dropdown label="Gender" options={GENDER_OPTIONS} value={isGender(gender) ? gender : null} onChange={(value) => form.set('gender', value)} />
        <TextField label="Address" className="span-2" autoComplete="street-address" {...form.field('address')} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
