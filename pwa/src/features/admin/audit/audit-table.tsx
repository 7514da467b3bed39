import { useState } from 'react';
import { Dropdown } from '../../../components/ui/dropdown';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { formatAdminDate } from '../../../lib/format';
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity, type AuditRow } from './audit-types';
import { useCellLabels } from '../../../components/table/use-cell-labels';
import { resolveEntityId, useAudit, useAuditNames } from './use-audit';

const ENTITY_OPTIONS = [{ value: 'all', label: 'All' }, ...AUDIT_ENTITIES.map((value) => ({ value, label: value }))];
const isEntity = (value: string): value is AuditEntity => AUDIT_ENTITIES.some((e) => e === value);

/** Who changed which status, when, from what to what and why; newest first. */
export function AuditTable() {
  const { user } = useAuth();
  const names = useAuditNames();
  const [entity, setEntity] = useState<AuditEntity | null>(null);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const entityId = resolveEntityId(typed, names);
  const audit = useAudit({ entity, entityId, page });
  const wrap = useCellLabels<HTMLDivElement>();
  const actor = (row: AuditRow) => (row.actorId === null ? 'System' : row.actorId === user?._id ? 'You' : (row.actorName ?? row.actorId));

  return (
    <>
      <div className="table-toolbar">
        <Dropdown
          label="Entity"
          options={ENTITY_OPTIONS}
          value={entity ?? 'all'}
          onChange={(value) => {
            setEntity(isEntity(value) ? value : null);
            setPage(1);
          }}
        />
        <TextField
          label="Entity ID"
          hint="A booking reference or transaction ID works too"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {audit.isPending ? <PageSpinner label="Loading the audit log…" /> : null}
      {audit.isError ? <p className="form-error">{messageOf(audit.error)}</p> : null}
      {audit.data?.length === 0 ? <p className="table-empty">No changes recorded</p> : null}
      {audit.data && audit.data.length > 0 ? (
        <div className="table-wrap" ref={wrap}>
          <table className="data-table">
            <caption className="visually-hidden">Audit log</caption>
            <thead>
              <tr>
                {['When', 'Entity', 'Which', 'From', 'To', 'Why', 'Who'].map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audit.data.map((row) => (
                <tr key={row.id}>
                  <td>{formatAdminDate(row.createdAt)}</td>
                  <td>{row.entity}</td>
                  <td className="wrap">{names?.get(row.entityId) ?? row.entityId}</td>
                  <td>{row.fromStatus ?? '—'}</td>
                  <td>{row.toStatus}</td>
                  <td className="wrap">{row.reason ?? ''}</td>
                  <td className="wrap">{actor(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="pager" aria-label="Audit pages">
        <button type="button" className="pager-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Prev
        </button>
        <span className="pager-gap">Page {page}</span>
        <button type="button" className="pager-button" disabled={(audit.data?.length ?? 0) < AUDIT_PAGE_SIZE} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    </>
  );
}
