import { pageWindow } from './paging';

type PagerProps = { page: number; pages: number; onPage: (page: number) => void; label?: string };

/** Prev, the page numbers and Next (spec: admin flights; every table pages by 5). */
export function Pager({ page, pages, onPage, label = 'Pages' }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      {pageWindow(page, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="pager-button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="pager-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
