/**
 * Table types for Kysely, one interface per table, kept in step with migrations/.
 * Instants are ISO-8601 UTC strings (`...At`), civil dates 'YYYY-MM-DD' strings, money integer paise.
 */
export interface Database {
  client_error_reports: ClientErrorReportsTable;
}

export interface ClientErrorReportsTable {
  id: string;
  kind: "not_found" | "frontend_error";
  url: string | null;
  error: string | null;
  error_info: string | null;
  user_agent: string | null;
  created_at: string;
}
