import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

// Decision 230: a scheduled job (the outbox retention sweep, and any later sweep) runs once per
// period across all the servers on one database. Each server's timer still fires; the tick is
// taken by the one server whose claim of the job's `job_runs` row succeeds: the row is inserted
// the first time, and afterwards moved on only when its last run is at least a period old. On
// PostgreSQL the UPDATE re-checks its condition after waiting for another server's UPDATE of the
// same row, so two servers never both take one tick; on SQLite writes are serialised anyway.

/** This process, as it signs its job runs (host, process id and a random part). */
export const THIS_SERVER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Claims the job's tick at `now` if no server ran it within `everyMs`: true when this server is
 * to run it. The claim is made before the job runs; a server that dies mid-run leaves the period
 * to pass before another takes it (the jobs are sweeps, safe to run late or again).
 */
export async function claimJobRun(
  db: Kysely<Database>,
  name: string,
  everyMs: number,
  now: number,
  runBy: string = THIS_SERVER,
): Promise<boolean> {
  const at = new Date(now).toISOString();
  const inserted = await db
    .insertInto("job_runs")
    .values({ name, last_run_at: at, run_by: runBy })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const updated = await db
    .updateTable("job_runs")
    .set({ last_run_at: at, run_by: runBy })
    .where("name", "=", name)
    .where("last_run_at", "<=", new Date(now - everyMs).toISOString())
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
