import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { cryptoError, type CryptoInput } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

const BLANK: CryptoInput = { name: '', network: '', address: '', rate: '' };

/** The coins a payer may choose, each with its network, wallet and rate (units per dollar). */
export function CryptoCard({ saved, save }: CardProps) {
  const [rows, setRows] = useState<CryptoInput[]>(saved.cryptoInfo.map((coin) => ({ ...coin, rate: String(coin.rate) })));
  const update = (index: number, patch: Partial<CryptoInput>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <SettingsCard
      title="Crypto Information"
      validate={() => cryptoError(rows)}
      save={() => save({ cryptoInfo: rows.map((row) => ({ ...row, rate: Number(row.rate) })) })}
    >
      {rows.map((row, index) => (
        <fieldset key={index} className="crypto-row">
          <legend>Currency {index + 1}</legend>
          <div className="form-grid">
            <TextField label="Name" value={row.name} onChange={(event) => update(index, { name: event.target.value })} />
            <TextField label="Network" value={row.network} onChange={(event) => update(index, { network: event.target.value })} />
            <TextField label="Wallet address" value={row.address} onChange={(event) => update(index, { address: event.target.value })} />
            <TextField
              label="Rate (units per dollar)"
              type="number"
              min="0"
              step="any"
              value={row.rate}
              onChange={(event) => update(index, { rate: event.target.value })}
            />
          </div>
          <button type="button" className="button button-secondary button-small" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
            Remove currency {index + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button-secondary" onClick={() => setRows([...rows, BLANK])}>
        Add currency
      </button>
    </SettingsCard>
  );
}
