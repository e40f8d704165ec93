import { type Kysely, sql } from "kysely";

// Issue 40: a sale or purchase whose party is the Cash account or a bank is paid on the spot.
// The save now stores it settled (vouchers.service); this settles the ones saved before. The
// groups are Bank (1), Bank OD/CC (2) and Cash (4) of domain/src/reference/account-groups.ts,
// written out so the migration keeps meaning what it meant when it was written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update vouchers set pending_paise = 0,
      status = case type when 'purchases' then 'paid' else 'received' end
    where type in ('salesInvoice', 'purchases') and deleted_at is null
      and pending_paise is not null and pending_paise <> 0
      and exists (select 1 from accounts p where p.organisation_id = vouchers.organisation_id
        and p.id = vouchers.party_account_id and p.group_id in (1, 2, 4))`.execute(db);
}

export async function down(): Promise<void> {
  // What was pending before is not known any more; the books are right either way.
}
