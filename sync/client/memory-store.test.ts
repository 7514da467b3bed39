import { randomUUID } from 'node:crypto';
import { MemoryStore } from './memory-store';
import { syncStoreContract } from './store-contract';

syncStoreContract('MemoryStore', () => {
  const store = new MemoryStore(randomUUID());
  return Promise.resolve({ store, read: (table) => Promise.resolve([...store.tables[table].values()]) });
});
