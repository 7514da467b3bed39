import { FlightsTable } from '../../../features/admin/flights/flights-table';

export function FlightsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Flights</h1>
      </div>
      <FlightsTable />
    </section>
  );
}
