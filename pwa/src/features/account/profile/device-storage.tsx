import { useEffect, useState } from 'react';
import { formatBytes, protectDeviceData, storageReport, type StorageReport } from '../../../local/storage-protection';

function protectionText(persisted: boolean | null): string {
  if (persisted === null) return 'This browser cannot protect the copy on this device.';
  return persisted
    ? 'Protected: the browser will not clear it to free space.'
    : 'Not protected: the browser may clear it when space runs low, with any changes not yet sent.';
}

/** What this device keeps for offline use: whether the browser protects it, and its size. */
export function DeviceStorage() {
  const [report, setReport] = useState<StorageReport | null>(null);
  const refresh = () => void storageReport().then(setReport);
  useEffect(refresh, []);

  return (
    <section className="card" aria-labelledby="device-heading">
      <h2 id="device-heading">This device</h2>
      {report ? (
        <>
          <p>{protectionText(report.persisted)}</p>
          {report.usage !== null ? <p>It holds {formatBytes(report.usage)} for offline use.</p> : null}
          {report.persisted === false ? (
            <div className="form-actions">
              <button type="button" className="button button-secondary" onClick={() => void protectDeviceData().then(refresh)}>
                Ask the browser to protect it
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p>Checking this device…</p>
      )}
    </section>
  );
}
