import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { localToday } from '../../lib/trip/local-today';
import { SearchPanel } from '../../features/search/search-panel';
import { parseSearch, searchQuery } from '../../features/search/search-params';
import { checkSearch } from '../../features/search/validate-search';
import { FlightResults } from '../../features/listing/flight-results';
import { SearchPrompt } from '../../features/listing/search-prompt';
import '../../features/listing/listing.css';

/**
 * The search lives in the URL, so a listing survives a reload and can be shared. On a phone a complete
 * search folds away behind 'Edit search', so the flights are on the first screen; an update folds it again.
 */
export function ListingPage() {
  const [params] = useSearchParams();
  const values = parseSearch(params);
  const check = checkSearch(values, localToday());
  const query = searchQuery(values);
  const [editingQuery, setEditingQuery] = useState<string | null>(null);
  const editing = editingQuery === query;
  const panelId = useId();

  return (
    <>
      <div className="listing-search" data-folded={check.ok && !editing ? 'true' : undefined}>
        {check.ok && (
          <button
            type="button"
            className="listing-search-toggle"
            aria-expanded={editing}
            aria-controls={panelId}
            onClick={() => setEditingQuery(editing ? null : query)}
          >
            {editing ? 'Hide search' : 'Edit search'}
          </button>
        )}
        <div id={panelId} className="listing-search-inner">
          <SearchPanel key={query} initial={values} submitLabel="Update" />
        </div>
      </div>
      <div className="page listing">
        {check.ok ? <FlightResults key={query} search={check.search} /> : <SearchPrompt problem={params.size > 0 ? check.problem : null} />}
      </div>
    </>
  );
}
