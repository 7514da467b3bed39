import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTION_LABELS, AUDIT_EXPORT_MAX, type AuditRow } from '../../../../../sync/schemas/audit';
import { DataTable } from '../../../components/table/data-table';
import { Pager } from '../../../components/table/pager';
import { pageCount } from '../../../components/table/paging';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useToast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { formatAdminDate } from '../../../lib/format';
import { AuditFilterBar } from './audit-filter-bar';
import { ANY, AUDIT_PAGE_SIZE, filtersFrom, filtersToParams, type AuditFilters } from './audit-filters';
import { exportAudit, useAuditPage } from './use-audit';
import './audit.css';

const COLUMNS = ['When', 'Action', 'Which', 'Change', 'Details', 'Who'] as const;

const change = (row: AuditRow) => (row.fromStatus && row.fromStatus !== row.toStatus ? `${row.fromStatus} → ${row.toStatus}` : row.toStatus);

/** Who did what to which booking, payment, flight, airport, account or setting, when and why; newest first, filtered on the server. */
export function AuditTable() {
  const { user } = useAuth();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const audit = useAuditPage(filters, page);
  const [exporting, setExporting] = useState(false);
  const total = audit.data?.total ?? 0;

  const go = (next: AuditFilters, nextPage = 1) => {
    const query = filtersToParams(next);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query, { replace: true });
  };
  const actor = (row: AuditRow) => (row.actorId === null ? 'System' : row.actorId === user?._id ? 'You' : (row.actorName ?? row.actorId));
  const narrowed = filters.entity !== ANY || filters.entityId !== '';

  const download = async () => {
    setExporting(true);
    try {
      const { rows, total: found } = await exportAudit(filters);
      const count = (n: number) => n.toLocaleString('en-US');
      toast.success(
        rows < found ? `Exported the newest ${count(rows)} of ${count(found)} changes: narrow the dates for the rest` : `Exported ${count(rows)} changes`,
      );
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <AuditFilterBar filters={filters} onChange={(changes) => go({ ...filters, ...changes })} />
      <div className="table-toolbar">
        <p className="table-count" aria-live="polite">
          {audit.data ? `${total.toLocaleString('en-US')} ${total === 1 ? 'change' : 'changes'}` : ''}
        </p>
        {narrowed ? (
          <button type="button" className="button button-secondary" onClick={() => go({ ...filters, entity: ANY, entityId: '' })}>
            Show every object
          </button>
        ) : null}
        <div className="table-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={exporting || total === 0}
            onClick={() => void download()}
            title={`At most ${AUDIT_EXPORT_MAX.toLocaleString('en-US')} rows`}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </div>
      {audit.isPending ? <PageSpinner label="Loading the audit log…" /> : null}
      {audit.isError ? <p className="form-error">{messageOf(audit.error)}</p> : null}
      {audit.data ? (
        <DataTable caption="Audit log" columns={COLUMNS} empty="No changes recorded" rowCount={audit.data.items.length}>
          {audit.data.items.map((row) => (
            <tr key={row.id}>
              <td>{formatAdminDate(row.createdAt)}</td>
              <td className="wrap">{AUDIT_ACTION_LABELS[row.action]}</td>
              <td className="wrap audit-which">{row.label}</td>
              <td className="wrap">{change(row)}</td>
              <td className="wrap audit-details">{row.reason ?? ''}</td>
              <td className="wrap">{actor(row)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager page={page} pages={pageCount(total, AUDIT_PAGE_SIZE)} onPage={(next) => go(filters, next)} label="Audit pages" />
    </>
  );
}
