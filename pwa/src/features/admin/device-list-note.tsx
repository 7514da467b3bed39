import { DEFAULT_DEVICE_HISTORY_DAYS } from '../../../../sync/schemas/settings';
import { useSyncedSettings } from '../../local/hooks';

/** An admin list offline: it searches only what the device holds (sync/working-set.ts), and says so. */
export function DeviceListNote() {
  const settings = useSyncedSettings();
  const days = settings && 'deviceHistoryDays' in settings ? settings.deviceHistoryDays : DEFAULT_DEVICE_HISTORY_DAYS;
  return (
    <p className="read-note" role="status">
      {`Showing what is on this device (last ${days} days and everything awaiting review)`}
    </p>
  );
}
