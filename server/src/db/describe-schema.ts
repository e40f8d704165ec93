import { sql } from "kysely";
import type { AppDatabase } from "./database.ts";

export interface SchemaDescription {
  tables: Record<string, { columns: Record<string, { type: string; nullable: boolean }> }>;
  /** index name -> "table(col1,col2)" */
  indexes: Record<string, string>;
}

const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

// Each engine spells its types its own way; these are the portable families our migrations use.
function normaliseType(type: string): string {
  const t = type.toLowerCase();
  if (["int2", "int4", "int8", "integer", "bigint", "smallint"].includes(t)) return "integer";
  if (["text", "varchar", "character varying"].includes(t)) return "text";
  if (["bool", "boolean"].includes(t)) return "boolean";
  if (["blob", "bytea"].includes(t)) return "bytes";
  if (["real", "float4", "float8", "double precision", "numeric"].includes(t)) return "number";
  return t;
}

/** Tables, columns and indexes in an engine-neutral form, to prove both engines hold one schema. */
export async function describeSchema(database: AppDatabase): Promise<SchemaDescription> {
  const tables: SchemaDescription["tables"] = {};
  for (const table of await database.db.introspection.getTables()) {
    if (MIGRATION_TABLES.has(table.name)) continue;
    if (database.kind === "postgres" && table.schema !== (database.schema ?? "public")) continue;
    const columns: SchemaDescription["tables"][string]["columns"] = {};
    for (const column of table.columns) {
      columns[column.name] = { type: normaliseType(column.dataType), nullable: column.isNullable };
    }
    tables[table.name] = { columns };
  }
  return { tables, indexes: await describeIndexes(database) };
}

async function describeIndexes(database: AppDatabase): Promise<Record<string, string>> {
  const indexes: Record<string, string> = {};
  if (database.kind === "sqlite") {
    const { rows } = await sql<{ name: string; tbl_name: string }>`
      select name, tbl_name from sqlite_master
      where type = 'index' and name not like 'sqlite_autoindex_%' and tbl_name not like 'kysely_%'`.execute(
      database.db,
    );
    for (const row of rows) {
      const { rows: columns } = await sql<{ name: string }>`
        select name from pragma_index_info(${row.name}) order by seqno`.execute(database.db);
      indexes[row.name] = `${row.tbl_name}(${columns.map((c) => c.name).join(",")})`;
    }
    return indexes;
  }
  const { rows } = await sql<{ indexname: string; tablename: string; columns: string }>`
    select i.relname as indexname, t.relname as tablename,
           string_agg(a.attname, ',' order by k.ord) as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_am am on am.oid = i.relam
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where n.nspname = ${database.schema ?? "public"} and not x.indisprimary
      -- SQLite has B-trees only: an index of another kind is PostgreSQL's own (migration 0013).
      and am.amname = 'btree'
      and t.relname not like 'kysely_%'
    group by i.relname, t.relname`.execute(database.db);
  for (const row of rows) indexes[row.indexname] = `${row.tablename}(${row.columns})`;
  return indexes;
}
