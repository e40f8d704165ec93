/**
 * Rows split into statements of at most `size`: multi-row inserts stay under SQLite's limit of
 * bound variables (32,766) and PostgreSQL's (65,535) whatever the number of columns.
 */
export function chunkRows<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
