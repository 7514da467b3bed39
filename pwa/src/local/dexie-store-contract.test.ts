import 'fake-indexeddb/auto';
import { syncStoreContract } from '../../../sync/client/store-contract';
import type { Keyed } from '../../../sync/client/tables';
import { SkywayDb } from './db';
import { DexieStore } from './dexie-store';

let dbCount = 0;

// The same cases as the memory store, on a real IndexedDB implementation (fake-indexeddb in Node).
syncStoreContract('DexieStore', () => {
  const db = new SkywayDb(`skyway-contract-${(dbCount += 1)}`);
  return Promise.resolve({ store: new DexieStore(db), read: (table) => db.table<Keyed>(table).toArray() });
});
