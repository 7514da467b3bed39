import { useState } from 'react';
import { PAGE_SIZE } from '../../../../../sync/constants';
import type { Flight } from '../../../../../sync/schemas/flight';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ServerReadNote, useReadState } from '../../../components/ui/server-read';
import { useToast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-error';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { Pager } from '../../../components/table/pager';
import { pageCount } from '../../../components/table/paging';
import { TableToolbar, counted } from '../../../components/table/table-toolbar';
import { useCellLabels } from '../../../components/table/use-cell-labels';
import { useAdminAirports } from '../airports/use-admin-airports';
import { FlightFilterBar } from './flight-filter-bar';
import { openingFilters, type FlightFilters } from './flight-filters';
import { FlightFormDialog } from './flight-form-dialog';
import { FLIGHT_COLUMNS, FlightRow } from './flight-row';
import { useDeleteFlight, useFlightsPage } from './use-admin-flights';

type Dialog = { kind: 'edit'; flight: Flight | null } | { kind: 'delete'; flight: Flight } | null;

/**
 * The catalogue from today's departures on, filtered, paged and searched by flight number on the server;
 * offline, the page last loaded stays with the time it came.
 */
export function FlightsTable() {
  const toast = useToast();
  const [filters, setFilters] = useState<FlightFilters>(openingFilters);
  const [page, setPage] = useState(1);
  const flights = useFlightsPage(filters, page);
  const wrap = useCellLabels<HTMLDivElement>();
  const airports = useAdminAirports();
  const remove = useDeleteFlight();
  const [dialog, setDialog] = useState<Dialog>(null);
  const read = useReadState(flights);
  // Offline, the rows kept for other filters are not shown as if they answered these.
  const shown = read === 'offline' || read === 'failed' ? undefined : flights.data;
  const total = shown?.total ?? 0;

  const filter = (changes: Partial<FlightFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };

  const confirmDelete = async (flight: Flight) => {
    try {
      await remove.mutateAsync(flight._id);
      toast.success(`Flight ${flight.flightNumber} deleted`);
    } catch (error) {
      toast.error(messageOf(error));
    }
    setDialog(null);
  };

  return (
    <>
      <TableToolbar
        searchLabel="Search by flight number"
        search={filters.search}
        onSearch={(value) => filter({ search: value.slice(0, 20) })}
        count={shown ? counted(total, 'flight') : undefined}
      >
        <button type="button" className="button" disabled={!airports.data} onClick={() => setDialog({ kind: 'edit', flight: null })}>
          Add
        </button>
      </TableToolbar>
      {airports.data ? <FlightFilterBar filters={filters} airports={airports.data} onChange={filter} /> : null}
      {read === 'loading' ? <PageSpinner label="Loading flights…" /> : null}
      <ServerReadNote read={flights} what="flights" />
      {shown && shown.items.length === 0 ? <p className="table-empty">No flights available</p> : null}
      {shown && shown.items.length > 0 ? (
        <div className="table-wrap" ref={wrap}>
          <table className="data-table" aria-busy={flights.isFetching}>
            <caption className="visually-hidden">Flights</caption>
            <thead>
              <tr>
                {FLIGHT_COLUMNS.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.items.map((flight, index) => (
                <FlightRow
                  key={flight._id}
                  flight={flight}
                  position={(page - 1) * PAGE_SIZE + index + 1}
                  onEdit={() => setDialog({ kind: 'edit', flight })}
                  onDelete={() => setDialog({ kind: 'delete', flight })}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} pages={pageCount(total)} onPage={setPage} />
      {dialog?.kind === 'edit' && airports.data ? <FlightFormDialog flight={dialog.flight} airports={airports.data} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title="Delete flight?"
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(dialog.flight)}
          onClose={() => setDialog(null)}
        >
          <p>
            Delete flight {dialog.flight.flightNumber} ({dialog.flight.origin.code} to {dialog.flight.destination.code})? This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
