import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface NewClientErrorReport {
  id: string;
  kind: "not_found" | "frontend_error";
  url: string | null;
  error: string | null;
  errorInfo: string | null;
  userAgent: string | null;
  createdAt: string;
}

export async function insertClientErrorReport(
  db: Kysely<Database>,
  report: NewClientErrorReport,
): Promise<void> {
  await db
    .insertInto("client_error_reports")
    .values({
      id: report.id,
      kind: report.kind,
      url: report.url,
      error: report.error,
      error_info: report.errorInfo,
      user_agent: report.userAgent,
      created_at: report.createdAt,
    })
    .execute();
}

export async function listClientErrorReports(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom("client_error_reports")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
