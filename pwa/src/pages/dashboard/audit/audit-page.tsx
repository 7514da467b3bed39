import { AuditTable } from '../../../features/admin/audit/audit-table';

export function AuditPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Audit log</h1>
      </div>
      <AuditTable />
    </section>
  );
}
