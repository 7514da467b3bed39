import type { FlightView } from './flight-view';

export function FlightDetails({ id, view, hidden }: { id: string; view: FlightView; hidden: boolean }) {
  return (
    <dl id={id} className="flight-details" hidden={hidden}>
      <div>
        <dt>Flight number</dt>
        <dd>{view.flightNumber}</dd>
      </div>
      <div>
        <dt>Aircraft</dt>
        <dd>{view.aircraft}</dd>
      </div>
      <div>
        <dt>Departs</dt>
        <dd>
          {view.departure.longDate} {view.departure.time}, {view.departure.airport}
          <span className="flight-details-zone">{view.departure.zone}</span>
        </dd>
      </div>
      <div>
        <dt>Arrives</dt>
        <dd>
          {view.arrival.longDate} {view.arrival.time}, {view.arrival.airport}
          <span className="flight-details-zone">{view.arrival.zone}</span>
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd className="flight-details-status">{view.status}</dd>
      </div>
    </dl>
  );
}
