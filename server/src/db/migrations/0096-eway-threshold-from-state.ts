import { type Kysely, sql } from "kysely";

// Decision 097: the intra-state e-way bill threshold is the organisation's state's own limit
// unless the organisation set one. Until now the settings form saved Rule 138's ₹50,000 (its
// default) with every save, so a stored ₹50,000 cannot be told from a choice: it is cleared, and
// the state's limit holds until someone sets a figure again. Other figures were typed: they stay.
const SETTINGS_KEY = "organisation";
const FIELD = "eWayBillIntraStateThresholdPaise";
const OLD_DEFAULT_PAISE = 5_000_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; settings: string }>`
    select id, settings from organisations`.execute(db);
  for (const row of rows) {
    const all = JSON.parse(row.settings) as Record<string, unknown>;
    const own = all[SETTINGS_KEY] as Record<string, unknown> | undefined;
    if (!own || own[FIELD] !== OLD_DEFAULT_PAISE) continue;
    delete own[FIELD];
    await sql`update organisations set settings = ${JSON.stringify(all)} where id = ${row.id}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // A cleared threshold reads as the state's limit; nothing to restore.
}
