import type { FareView } from '../../lib/trip/fare-view';

type FareSummaryProps = { fare: FareView };

/** Fare Summary: the price per traveller over the legs, times the travellers. */
export function FareSummary({ fare }: FareSummaryProps) {
  const rows: [string, string][] = [
    [fare.legs > 1 ? `Base Fare (${fare.legs} flights, per traveller)` : 'Base Fare (per traveller)', fare.baseFare],
    ['Travellers', `x ${fare.travellers}`],
    ['Discount', fare.discount],
    ['Other Services', fare.otherServices],
  ];
  return (
    <section className="booking-card fare-summary" aria-labelledby="fare-summary-title">
      <h2 id="fare-summary-title">Fare Summary</h2>
      <dl className="fare-rows">
        {rows.map(([label, value]) => (
          <div key={label} className="fare-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="fare-row fare-total">
          <dt>Total Fare</dt>
          <dd>{fare.total}</dd>
        </div>
      </dl>
    </section>
  );
}
