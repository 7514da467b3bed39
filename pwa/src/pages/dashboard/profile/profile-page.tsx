import { EmailNotice } from '../../../features/account/email-notice';
import { DeviceStorage } from '../../../features/account/profile/device-storage';
import { EmailForm } from '../../../features/account/profile/email-form';
import { PasswordForm } from '../../../features/account/profile/password-form';
import { PersonalInfoForm } from '../../../features/account/profile/personal-info-form';
import { PushToggle } from '../../../features/account/profile/push-toggle';
import { OutboxList } from '../../../components/sync-status/outbox-list';
import { useAuth } from '../../../lib/auth';

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="page">
      <div className="page-head">
        <h1>Profile</h1>
      </div>
      <EmailNotice />
      <OutboxList filter={(row) => row.name === 'updateProfile'} />
      <PersonalInfoForm key={`${user._id}-${user.email}`} user={user} />
      <EmailForm key={user.email} email={user.email} />
      <PasswordForm />
      <PushToggle />
      <DeviceStorage />
    </section>
  );
}
