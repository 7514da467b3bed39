import type { AdminSettings } from '../../../../../sync/schemas/settings';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOf, UNKNOWN_ERROR } from '../../../lib/api-error';
import { BankingCard } from './banking-card';
import { CashAppCard } from './cash-app-card';
import { ClassFaresCard } from './class-fares-card';
import { CryptoCard } from './crypto-card';
import { DeviceHistoryCard } from './device-history-card';
import { HoldRulesCard } from './hold-rules-card';
import { MailCard } from './mail-card';
import { OperationsCard } from './operations-card';
import { useAdminSettings, useSaveSettings } from './use-admin-settings';
import { WhatsAppCard } from './whatsapp-card';

function Cards({ saved }: { saved: AdminSettings }) {
  const save = useSaveSettings(saved);
  return (
    <>
      <BankingCard saved={saved} save={save} />
      <CryptoCard saved={saved} save={save} />
      <CashAppCard saved={saved} save={save} />
      <MailCard saved={saved} save={save} />
      <WhatsAppCard saved={saved} save={save} />
      <OperationsCard saved={saved} save={save} />
      <HoldRulesCard saved={saved} save={save} />
      <DeviceHistoryCard saved={saved} save={save} />
      <ClassFaresCard saved={saved} save={save} />
    </>
  );
}

/** Spec: five stacked cards, each with Update; plus the deadline, penalty and SMTP server, the seat-hold rules and the class fares. */
export function SettingsCards() {
  const settings = useAdminSettings();
  if (settings.isPending) return <PageSpinner label="Loading settings…" />;
  if (settings.isError) {
    const message = messageOf(settings.error);
    return <p className="form-error">{message === UNKNOWN_ERROR ? 'An error occurred while fetching settings.' : message}</p>;
  }
  return <Cards saved={settings.data} />;
}
