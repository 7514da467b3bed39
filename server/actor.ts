import type { users } from './db/schema';

/**
 * A user's row as read from the database: the signed-in caller that routes, mutations and services act for,
 * and any account they look up. It lives in a leaf module, importing only the schema's types, so that every
 * layer can name the caller without importing the identity service and the context it depends on.
 */
export type UserRow = typeof users.$inferSelect;
