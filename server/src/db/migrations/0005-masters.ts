import { type Kysely, sql } from "kysely";

// Items, custom fields, looked-up GSTINs and manual closing stock (issue "Masters").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("items")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("uom", "text")
    .addColumn("hsn_code", "text")
    .addColumn("sac_code", "text")
    .addColumn("gst_rate", "text")
    .addColumn("cess_rate", "text")
    // Quantities in thousandths (3 decimals, kilograms to the gram); money in paise.
    .addColumn("opening_quantity_milli", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("opening_value_paise", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("selling_price_paise", "bigint", (col) => col.notNull().defaultTo(0))
    // Discount percentages in hundredths of a percent (2 decimals).
    .addColumn("sale_discount_centi", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("purchase_price_paise", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("purchase_discount_centi", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("custom_field_values", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("items_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("items_name_key")
    .unique()
    .on("items")
    .columns(["organisation_id", "name_key"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();

  await db.schema
    .createTable("custom_fields")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("applicable_for", "text", (col) => col.notNull())
    .addColumn("print_in_pdf", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("custom_fields_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("custom_fields_name_key")
    .unique()
    .on("custom_fields")
    .columns(["organisation_id", "applicable_for", "name_key"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();

  // The history of every master record (spec api §7 accountslog, itemslog, getCustomFieldLogs).
  await db.schema
    .createTable("master_versions")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("entity_type", "text", (col) => col.notNull())
    .addColumn("entity_id", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("master_versions_pk", [
      "organisation_id",
      "entity_type",
      "entity_id",
      "version",
    ])
    .execute();

  // GSTINs looked up for an organisation (spec api §7 /gsts), cached so a lookup is paid once.
  await db.schema
    .createTable("gstin_records")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("gstin", "text", (col) => col.notNull())
    .addColumn("legal_name", "text")
    .addColumn("trade_name", "text")
    .addColumn("display_name", "text")
    .addColumn("registration_type", "text")
    .addColumn("status", "text")
    .addColumn("registration_date", "text")
    .addColumn("cancellation_date", "text")
    .addColumn("address", "text")
    .addColumn("state_code", "text")
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("fetched_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("gstin_records_pk", ["organisation_id", "gstin"])
    .execute();

  // Closing stock typed in per month for a stock account (spec api §7 misc/editclosingstock).
  await db.schema
    .createTable("closing_stock")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("value_paise", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by_user_id", "text")
    .addPrimaryKeyConstraint("closing_stock_pk", ["organisation_id", "account_id", "month"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "closing_stock",
    "gstin_records",
    "master_versions",
    "custom_fields",
    "items",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
