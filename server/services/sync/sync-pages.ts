import {
  CATALOGUE_TABLES,
  PAGED_TABLES,
  SyncChangesSchema,
  type CatalogueTable,
  type CoveredRange,
  type PagedTable,
  type SyncChanges,
} from '../../../sync/protocol';
import type { Queryable } from '../../db/client';
import { nextTurn } from '../../parts';
import { may } from '../../policies';
import { catalogueAfter, type CatalogueScope } from './sync-catalogue';
import { OWN_PAGES, tablesFor, type OwnScope } from './sync-own';

export type PageScope = CatalogueScope & OwnScope;

export type Page = {
  changes: SyncChanges;
  covers: CoveredRange[];
  /** Where the next page starts; undefined once every table is done. */
  next: { table: PagedTable; after: string } | undefined;
};

const isCatalogue = (table: PagedTable): table is CatalogueTable => (CATALOGUE_TABLES as readonly string[]).includes(table);

/** The tables the user's sequence walks, in order: guests sync their chat only. */
function tablesOf(scope: PageScope): PagedTable[] {
  const own = tablesFor(scope.user);
  return PAGED_TABLES.filter((table) => (isCatalogue(table) ? may('sync.accountTables', scope.user) : own.includes(table)));
}

function take(q: Queryable, scope: PageScope, table: PagedTable, after: string, limit: number) {
  return isCatalogue(table) ? catalogueAfter(q, scope, table, after, limit) : OWN_PAGES[table](q, scope, after, limit);
}

/**
 * The next page of a sequence from `start`: the own tables, then the catalogue, each in id order, at most
 * `budget` rows in all. `ownOnly`: the page stops where the catalogue begins (a reset's first page). In a
 * reset (`previousEnd` null) a catalogue table's page says which id range it holds in full.
 */
export async function pageFrom(q: Queryable, scope: PageScope, start: { table: PagedTable; after: string }, budget: number, ownOnly: boolean): Promise<Page> {
  const tables = tablesOf(scope);
  // A guest's device holds no catalogue: a reset drops whatever it held.
  const covers =
    !may('sync.accountTables', scope.user) && scope.previousEnd === null ? CATALOGUE_TABLES.map((table) => ({ table, after: '', through: null })) : [];
  const page: Page = { changes: SyncChangesSchema.parse({}), covers, next: tables.includes(start.table) ? start : nextTable(tables, start.table) };
  let left = budget;
  while (page.next && left > 0 && !(ownOnly && isCatalogue(page.next.table))) {
    const { table, after } = page.next;
    const taken = await take(q, scope, table, after, left);
    for (const [name, rows] of Object.entries(taken.changes)) page.changes[name as PagedTable].push(...(rows as never[]));
    left -= taken.ids.length;
    const last = taken.ids.at(-1);
    const full = left === 0 && last !== undefined;
    if (isCatalogue(table) && scope.previousEnd === null) page.covers.push({ table, after, through: full ? last : null });
    page.next = full ? { table, after: last } : nextTable(tables, table);
    await nextTurn();
  }
  return page;
}

function nextTable(tables: readonly PagedTable[], table: PagedTable): { table: PagedTable; after: string } | undefined {
  const following = tables.find((name) => PAGED_TABLES.indexOf(name) > PAGED_TABLES.indexOf(table));
  return following ? { table: following, after: '' } : undefined;
}
