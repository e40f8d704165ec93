import type { Kysely } from "kysely";

// Issue 19, decision 066: the debit note to a customer is a new voucher type, so a new rights
// subject. An accountant's rights list grants only the subjects it names, so every accountant
// given rights before this type existed would be locked out of it. The nearest subject is the
// other note to customers: each stored list (memberships and open invitations) that names
// creditNote gets the same rights on salesDebitNote. An empty list (all rights) needs nothing.

interface RightLine {
  transactionType: string;
  view?: boolean;
  add?: boolean;
  edit?: boolean;
  delete?: boolean;
}

/** The list with salesDebitNote granted as creditNote is, or null when nothing changes. */
export function grantSalesDebitNote(rights: string): string | null {
  let lines: RightLine[];
  try {
    lines = JSON.parse(rights) as RightLine[];
  } catch {
    return null;
  }
  if (!Array.isArray(lines) || lines.length === 0) return null;
  if (lines.some((line) => line.transactionType === "salesDebitNote")) return null;
  const creditNote = lines.find((line) => line.transactionType === "creditNote");
  if (!creditNote) return null;
  return JSON.stringify([...lines, { ...creditNote, transactionType: "salesDebitNote" }]);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["memberships", "invitations"] as const) {
    const keys =
      table === "memberships" ? ["organisation_id", "user_id"] : ["organisation_id", "id"];
    const rows: Record<string, string>[] = await db
      .selectFrom(table)
      .select([...keys, "rights"])
      .where("rights", "like", "%creditNote%")
      .execute();
    for (const row of rows) {
      const rights = grantSalesDebitNote(row.rights as string);
      if (rights === null) continue;
      let update = db.updateTable(table).set({ rights });
      for (const key of keys) update = update.where(key, "=", row[key]);
      await update.execute();
    }
  }
}

export async function down(): Promise<void> {
  // The extra right is kept: without the type it names nothing.
}
