import { OverviewPanel } from '../../../features/admin/overview/overview-panel';

export function OverviewPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Overview</h1>
      </div>
      <OverviewPanel />
    </section>
  );
}
