import type { VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import { inLockedBooks } from "../../db/books-lock.ts";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { writeTdsFacts } from "../tds-facts/tds-facts.service.ts";
import { loadVoucherContext } from "./voucher-context.ts";
import { prepareWithMasters } from "./vouchers.service.ts";

/** The vouchers that credit a deductee without a payment's own `tds` (decision 300). */
const CREDITING_TYPES = ["purchases", "journalEntry"] as const;
const CHUNK = 500;

/**
 * Issue 39 (decision 400): an account's TDS facts brought up to date for the section it has now.
 * A credit saved before the account had that section (before TDS existed, migration 0110, or
 * before the section was set or changed) has no fact, or one under the old section, and the
 * year's aggregate must count it. Each purchase or journal touching the account whose deduction
 * is not recorded (a deduction keeps the section its entry named) is prepared again from its
 * saved document, as a restore prepares it, and its fact rewritten; the account then records the
 * section, so this runs once per change. Under the books' lock: no save slips in between.
 */
export async function bringTdsFactsUpToDate(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  accountId: string,
): Promise<number> {
  return inLockedBooks(db, organisation.id, async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .select(["tds_section", "tds_facts_section"])
      .where("organisation_id", "=", organisation.id)
      .where("id", "=", accountId)
      .executeTakeFirst();
    if (!account || account.tds_section === null) return 0;
    if (account.tds_facts_section === account.tds_section) return 0;
    const vouchers = await trx
      .selectFrom("postings as p")
      .innerJoin("vouchers as v", (join) =>
        join
          .onRef("v.organisation_id", "=", "p.organisation_id")
          .onRef("v.id", "=", "p.voucher_id"),
      )
      .leftJoin("tds_entries as t", (join) =>
        join
          .onRef("t.organisation_id", "=", "p.organisation_id")
          .onRef("t.voucher_id", "=", "p.voucher_id")
          .on("t.tds_paise", ">", 0),
      )
      .select(["v.id", "v.type", "v.date", "v.document"])
      .distinct()
      .where("p.organisation_id", "=", organisation.id)
      .where("p.account_id", "=", accountId)
      .where("p.voucher_type", "in", [...CREDITING_TYPES])
      .where("v.deleted_at", "is", null)
      .where("t.voucher_id", "is", null)
      .execute();
    let rewritten = 0;
    for (let start = 0; start < vouchers.length; start += CHUNK) {
      const chunk = vouchers.slice(start, start + CHUNK);
      const payloads = chunk.map((voucher) => ({
        ...(JSON.parse(voucher.document) as Record<string, unknown>),
        organisationId: organisation.id,
      }));
      const context = await loadVoucherContext(trx, organisation, payloads);
      const facts = chunk.flatMap((voucher, index) => {
        try {
          const prepared = prepareWithMasters(
            voucher.type as VoucherType,
            payloads[index] as Record<string, unknown>,
            context,
          );
          return [
            { voucherId: voucher.id, type: voucher.type, date: voucher.date, fact: prepared.tds },
          ];
        } catch {
          // A voucher that no longer prepares (an account it names was deleted since) keeps
          // whatever fact it has.
          return [];
        }
      });
      await writeTdsFacts(trx, organisation.id, facts, true);
      rewritten += facts.filter((entry) => entry.fact).length;
    }
    await trx
      .updateTable("accounts")
      .set({ tds_facts_section: account.tds_section })
      .where("organisation_id", "=", organisation.id)
      .where("id", "=", accountId)
      .execute();
    return rewritten;
  });
}
