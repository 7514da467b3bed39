import { AirportsTable } from '../../../features/admin/airports/airports-table';

export function AirportsPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Airports</h1>
      </div>
      <AirportsTable />
    </section>
  );
}
