import { useState } from 'react';
import { PAGE_SIZE } from '../../../../../sync/constants';
import type { Airport } from '../../../../../sync/schemas/airport';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ServerReadNote, useReadState } from '../../../components/ui/server-read';
import { useToast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-error';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { EditIcon, TrashIcon } from '../../../components/ui/icons';
import { Pager } from '../../../components/table/pager';
import { TableToolbar, counted } from '../../../components/table/table-toolbar';
import { useTable } from '../../../components/table/use-table';
import { AirportFormDialog } from './airport-form-dialog';
import { useAdminAirports, useDeleteAirport } from './use-admin-airports';
import { DataTable } from '../../../components/table/data-table';

const matches = (a: Airport, term: string) => [a.name, a.code, a.city, a.country].some((field) => field.toLowerCase().includes(term));

type Dialog = { kind: 'edit'; airport: Airport | null } | { kind: 'delete'; airport: Airport } | null;

/** Airports: search, 5 a page, add, edit, and delete with a question first. */
export function AirportsTable() {
  const toast = useToast();
  const airports = useAdminAirports();
  const remove = useDeleteAirport();
  const sorted = airports.data ? [...airports.data].sort((a, b) => a.code.localeCompare(b.code)) : undefined;
  const table = useTable(sorted, matches);
  const [dialog, setDialog] = useState<Dialog>(null);
  const read = useReadState(airports);

  const confirmDelete = async (airport: Airport) => {
    try {
      await remove.mutateAsync(airport._id);
      toast.success(`Airport ${airport.code} deleted`);
    } catch (error) {
      toast.error(messageOf(error));
    }
    setDialog(null);
  };

  if (read === 'loading') return <PageSpinner label="Loading airports…" />;
  if (!airports.data) return <ServerReadNote read={airports} what="airports" />;
  return (
    <>
      <ServerReadNote read={airports} what="airports" />
      <TableToolbar searchLabel="Search airports" search={table.search} onSearch={table.setSearch} count={counted(table.filtered.length, 'airport')}>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'edit', airport: null })}>
          Add
        </button>
      </TableToolbar>
      <DataTable
        caption="Airports"
        columns={['#', 'Name', 'Code', 'City', 'Country', 'Time zone', 'Actions']}
        empty="No airports available"
        rowCount={table.visible.length}
      >
        {table.visible.map((airport, index) => (
          <tr key={airport._id}>
            <td>{(table.page - 1) * PAGE_SIZE + index + 1}</td>
            <td>{airport.name}</td>
            <td>{airport.code}</td>
            <td>{airport.city}</td>
            <td>{airport.country}</td>
            <td>{airport.timeZone}</td>
            <td>
              <div className="row-actions">
                <button type="button" className="icon-button" aria-label={`Edit ${airport.code}`} onClick={() => setDialog({ kind: 'edit', airport })}>
                  <EditIcon />
                </button>
                <button
                  type="button"
                  className="icon-button icon-button-danger"
                  aria-label={`Delete ${airport.code}`}
                  onClick={() => setDialog({ kind: 'delete', airport })}
                >
                  <TrashIcon />
                </button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={table.page} pages={table.pages} onPage={table.setPage} />
      {dialog?.kind === 'edit' ? <AirportFormDialog airport={dialog.airport} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title="Delete airport?"
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(dialog.airport)}
          onClose={() => setDialog(null)}
        >
          <p>
            Delete {dialog.airport.name} ({dialog.airport.code})? This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
