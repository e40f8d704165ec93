import { VOUCHER_REGISTRY, VOUCHER_TYPES } from "@bahi/domain";
import type { Kysely } from "kysely";

// Issue 18. Until now the engine compared the organisation's state with `pos` on every document,
// and the purchase screen filled `pos` with the supplier's state so that the tax came out right.
// `pos` now means the place of supply on every document (spec 3), and the engine compares it with
// the supplier's state. On a purchase-side document whose `pos` holds the supplier's state, that
// state moves to `supplierStateCode` and `pos` becomes the organisation's state. The tax as saved
// stays: it was computed from the same two states, so intra stays intra and inter stays inter.
// Edit history (voucher_versions) keeps what was saved then.

const PURCHASE_SIDE_TYPES = VOUCHER_TYPES.filter(
  (type) =>
    VOUCHER_REGISTRY[type].family === "document" && VOUCHER_REGISTRY[type].partySide === "supplier",
);
const PAGE = 1000;
const GSTIN_STATE = /^(\d{2})[0-9A-Z]{13}$/;

type Document = Record<string, unknown>;

interface Row {
  id: string;
  document: string;
  party_state: string | null;
  party_gst_type: string | null;
}

/** The stored document with its place of supply corrected, or null when it needs nothing. */
export function correctPlaceOfSupply(
  document: Document,
  organisationState: string | null,
  party: { stateCode: string | null; gstType: string | null },
): { document: Document; posChanged: boolean } | null {
  if (typeof document.supplierStateCode === "string") return null;
  const pos = typeof document.pos === "string" && document.pos !== "" ? document.pos : null;
  const gstinState =
    typeof document.gstin === "string" ? GSTIN_STATE.exec(document.gstin)?.[1] : undefined;
  const supplierState =
    gstinState ?? party.stateCode ?? (party.gstType === "overseas" ? "96" : null);
  const filledWithSupplierState =
    pos !== null &&
    organisationState !== null &&
    pos !== organisationState &&
    pos === supplierState;
  const corrected: Document = {
    ...document,
    ...(filledWithSupplierState ? { pos: organisationState } : {}),
    ...(supplierState ? { supplierStateCode: supplierState } : {}),
    ...(party.gstType && !document.partyGstType ? { partyGstType: party.gstType } : {}),
  };
  return { document: corrected, posChanged: filledWithSupplierState };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run on the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const organisations: { id: string; state_code: string | null }[] = await db
    .selectFrom("organisations")
    .select(["id", "state_code"])
    .execute();
  let changed = 0;
  for (const organisation of organisations) {
    let after = "";
    for (;;) {
      const rows: Row[] = await db
        .selectFrom("vouchers as v")
        .leftJoin("accounts as a", (join) =>
          join
            .onRef("a.organisation_id", "=", "v.organisation_id")
            .onRef("a.id", "=", "v.party_account_id"),
        )
        .select([
          "v.id",
          "v.document",
          "a.state_code as party_state",
          "a.gst_type as party_gst_type",
        ])
        .where("v.organisation_id", "=", organisation.id)
        .where("v.type", "in", PURCHASE_SIDE_TYPES)
        .where("v.id", ">", after)
        .orderBy("v.id")
        .limit(PAGE)
        .execute();
      for (const row of rows) {
        const result = correctPlaceOfSupply(JSON.parse(row.document), organisation.state_code, {
          stateCode: row.party_state,
          gstType: row.party_gst_type,
        });
        if (!result) continue;
        if (result.posChanged) changed += 1;
        await db
          .updateTable("vouchers")
          .set({ document: JSON.stringify(result.document) })
          .where("organisation_id", "=", organisation.id)
          .where("id", "=", row.id)
          .execute();
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE) break;
      after = last.id;
    }
  }
  if (changed > 0) {
    process.stdout.write(
      `Migration 0014: ${changed} purchase-side documents had the supplier's state as their place of supply; it is now the organisation's state (their tax is unchanged).\n`,
    );
  }
}

export async function down(): Promise<void> {
  // The correction is kept: the old meaning of `pos` was the defect.
}
