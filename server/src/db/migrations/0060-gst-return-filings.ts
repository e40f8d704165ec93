import { type Kysely, sql } from "kysely";

// Issue 19: a filed GST return (GSTR-1 or IFF) of a period, who filed it and when; its sales-side
// vouchers are locked through lock_periods. Outbox messages may carry files (the return's JSON
// mailed to an address), stored as JSON [{ fileName, contentType, base64 }].
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gst_return_filings")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("return_kind", "text", (col) => col.notNull())
    .addColumn("year", "text", (col) => col.notNull())
    .addColumn("start_date", "text", (col) => col.notNull())
    .addColumn("end_date", "text", (col) => col.notNull())
    .addColumn("fp", "text", (col) => col.notNull())
    .addColumn("arn", "text")
    .addColumn("filed_at", "text", (col) => col.notNull())
    .addColumn("filed_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("gst_return_filings_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("gst_return_filings_period")
    .on("gst_return_filings")
    .columns(["organisation_id", "start_date", "end_date"])
    .execute();
  await db.schema.alterTable("outbox_messages").addColumn("attachments", "text").execute();
  // Table 13 counts a period's deleted numbers; the list indexes hold live rows only, so without
  // this a return would read every voucher of the organisation to find them.
  await db.schema
    .createIndex("vouchers_deleted_by_date")
    .on("vouchers")
    .columns(["organisation_id", "type", "year", "date"])
    .where(sql.ref("deleted_at"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("vouchers_deleted_by_date").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("attachments").execute();
  await db.schema.dropTable("gst_return_filings").execute();
}
