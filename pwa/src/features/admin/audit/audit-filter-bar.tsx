import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_SYSTEM_ACTOR, type AuditAction } from '../../../../../sync/schemas/audit';
import { Dropdown } from '../../../components/ui/dropdown';
import type { DropdownOption } from '../../../components/ui/dropdown-logic';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { ANY, type AuditFilters } from './audit-filters';
import { useActorName, useAdmins } from './use-audit';

const ACTION_OPTIONS: DropdownOption<AuditAction | typeof ANY>[] = [
  { value: ANY, label: 'Any action' },
  ...AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
];

/** Anyone, the system, each admin, and the account the address names when it is none of them. */
function useActorOptions(actor: string): DropdownOption[] {
  const { user } = useAuth();
  const admins = useAdmins().data ?? [];
  const known = actor === ANY || actor === AUDIT_SYSTEM_ACTOR || admins.some((a) => a._id === actor);
  const other = useActorName(known ? null : actor).data;
  return [
    { value: ANY, label: 'Anyone' },
    { value: AUDIT_SYSTEM_ACTOR, label: 'System' },
    ...admins.map((a) => ({ value: a._id, label: a._id === user?._id ? `${a.fullName} (you)` : a.fullName, keywords: [a.email] })),
    ...(known ? [] : [{ value: actor, label: other ?? 'This account' }]),
  ];
}

type AuditFilterBarProps = { filters: AuditFilters; onChange: (changes: Partial<AuditFilters>) => void };

/** Who, which action, the admin's local days and a reference, flight number or name; each change goes back to page 1. */
export function AuditFilterBar({ filters, onChange }: AuditFilterBarProps) {
  return (
    <fieldset className="audit-filters">
      <legend className="visually-hidden">Filter the audit log</legend>
      <Dropdown label="Who" filterable options={useActorOptions(filters.actor)} value={filters.actor} onChange={(actor) => onChange({ actor })} />
      <Dropdown label="Action" filterable options={ACTION_OPTIONS} value={filters.action} onChange={(action) => onChange({ action })} />
      <TextField label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      <TextField label="Until" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      <TextField
        label="Reference, flight or name"
        type="search"
        value={filters.search}
        maxLength={100}
        onChange={(event) => onChange({ search: event.target.value })}
      />
    </fieldset>
  );
}
