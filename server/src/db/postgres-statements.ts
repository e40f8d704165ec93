import { createHash } from "node:crypto";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

// Decision 021. Kysely sends every query unnamed, so PostgreSQL parses and plans it anew each time:
// that was half of PostgreSQL's CPU for a save or a ledger page. A query the server has sent before
// goes as a named prepared statement instead; each connection parses it once and reuses the plan.
// Only texts seen twice are named, so one-off shapes (an import's batch) never take a backend's
// memory, and the pool retires a connection after USES_PER_CONNECTION uses (database.ts), which
// bounds what any one backend keeps.

/** How many recent query texts the namer remembers, to name the ones that come back. */
const REMEMBERED_TEXTS = 1_000;
/** Longer texts are a batch's writes: never the same twice, not worth hashing. */
const LONGEST_NAMED_TEXT = 64 * 1024;
/**
 * Times a pooled connection is lent (a query, or a whole transaction) before the pool replaces it
 * and its prepared statements.
 */
export const USES_PER_CONNECTION = 10_000;

/** The name a query text is sent under, from its second sighting on; undefined before that. */
export function statementNamer(remembered = REMEMBERED_TEXTS) {
  const sightings = new Map<string, string | undefined>();
  return (text: string): string | undefined => {
    if (text.length > LONGEST_NAMED_TEXT) return undefined;
    const digest = createHash("sha1").update(text).digest("base64url");
    let name: string | undefined;
    if (sightings.has(digest)) {
      name = `bahi_${digest}`;
      sightings.delete(digest);
    } else if (sightings.size >= remembered) {
      const oldest = sightings.keys().next().value;
      if (oldest !== undefined) sightings.delete(oldest);
    }
    sightings.set(digest, name);
    return name;
  };
}

/**
 * The pool as Kysely uses it, with each query that has parameters sent under its name once it
 * repeats. A query without parameters keeps the simple protocol, which lets one message carry
 * several statements (books-lock.ts).
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const nameOf = statementNamer();
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (text: unknown, parameters?: readonly unknown[]) => {
      if (typeof text !== "string" || !parameters || parameters.length === 0)
        // biome-ignore lint/suspicious/noExplicitAny: a cursor or a plain query, passed through as given
        return (client.query as any)(text, parameters);
      const name = nameOf(text);
      const values = [...parameters];
      return name ? client.query({ name, text, values }) : client.query(text, values);
    };
    return {
      query,
      release: (destroy?: boolean) => client.release(destroy),
      // Kysely cancels a query through the backend's process id.
      get processID() {
        return (client as pg.PoolClient & { processID?: number }).processID;
      },
    } as PostgresPoolClient;
  };
  return {
    // For the separate connection Kysely opens to cancel a query.
    Client: (pool as pg.Pool & { Client: PostgresPool["Client"] }).Client,
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let facade = wrapped.get(client);
      if (!facade) {
        facade = wrap(client);
        wrapped.set(client, facade);
      }
      return facade;
    },
    end: () => pool.end(),
  };
}
