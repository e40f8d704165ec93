import {
  BooksDateText,
  DEFAULT_EXPORT_FORMAT,
  EntityId,
  EXPORT_FORMATS,
  formatDateDisplay,
  QueryBoolean,
  todayCivil,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ExportCell, ExportColumn } from "../exports/export-table.ts";
import { describeRange, sendReportFile } from "../exports/report-files.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readTrail, type TrailEntryView, verifyTrail } from "./trail.ts";

// The auditor's trail (issue 39, docs/api/audit-trail.md): read and verified, never changed. There
// is no route that writes, edits, deletes or purges an entry, and none may be added (decision 310).

const TRAIL_MAX_LIMIT = 500;
/** A download holds at most this many entries; a longer period is downloaded in parts. */
export const TRAIL_DOWNLOAD_MAX = 20_000;

const OptionalText = z
  .string()
  .trim()
  .max(100, "Too long.")
  .optional()
  .transform((value) => value || undefined);

const TrailQuery = z
  .object({
    organisationId: EntityId,
    startDate: BooksDateText,
    endDate: BooksDateText,
    userId: z
      .union([EntityId, z.literal("")])
      .optional()
      .transform((value) => value || undefined),
    entity: OptionalText,
    entityId: z
      .union([EntityId, z.literal("")])
      .optional()
      .transform((value) => value || undefined),
    skip: z.coerce.number().int().min(0, "Skip cannot be negative.").default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, `Limit must be between 1 and ${TRAIL_MAX_LIMIT}.`)
      .max(TRAIL_MAX_LIMIT, `Limit must be between 1 and ${TRAIL_MAX_LIMIT}.`)
      .default(50),
    download: QueryBoolean.default(false),
    format: z
      .enum(EXPORT_FORMATS, { error: "Format must be pdf or excel." })
      .default(DEFAULT_EXPORT_FORMAT),
  })
  .refine((query) => query.startDate <= query.endDate, {
    message: "The start date must not be after the end date.",
    path: ["endDate"],
  });

/** The first instant of an Indian calendar day, as stored (UTC ISO). */
function startOfIndianDay(date: string): string {
  return new Date(`${date}T00:00:00.000+05:30`).toISOString();
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const timeText = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** '10-05-2025 14:05:09' in India's time. */
export function describeTrailTime(at: string): string {
  const instant = new Date(at);
  return `${formatDateDisplay(todayCivil(instant))} ${timeText.format(instant)}`;
}

const COLUMNS: ExportColumn[] = [
  { key: "at", label: "Date and time", kind: "text", width: 3 },
  { key: "user", label: "User", kind: "text", width: 3 },
  { key: "action", label: "Action", kind: "text", width: 2 },
  { key: "entity", label: "Record", kind: "text", width: 3 },
  { key: "number", label: "Number / name", kind: "text", width: 3 },
  { key: "field", label: "Field", kind: "text", width: 4 },
  { key: "before", label: "Before", kind: "text", width: 3 },
  { key: "after", label: "After", kind: "text", width: 3 },
];

function cellOf(value: unknown): ExportCell {
  if (value === null || value === undefined) return "";
  return String(value);
}

/** One row per changed field; an entry without changes still has its row. */
export function tabulateTrail(entries: readonly TrailEntryView[]): Record<string, ExportCell>[] {
  return entries.flatMap((entry) => {
    const head = {
      at: describeTrailTime(entry.at),
      user: entry.userName ?? "",
      action: entry.action,
      entity: entry.entity,
      number: entry.number ?? "",
    };
    if (entry.changes.length === 0) return [{ ...head, field: "", before: "", after: "" }];
    return entry.changes.map((change) => ({
      ...head,
      field: change.field,
      before: cellOf(change.before),
      after: cellOf(change.after),
    }));
  });
}

export const auditTrailRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["Audit trail"];

  app.get(
    "/audit/trail",
    { ...guard, schema: { tags, querystring: TrailQuery } },
    async (request, reply) => {
      const query = request.query;
      const access = await requireOrganisationAccess(
        deps.db,
        callerOf(request),
        query.organisationId,
        { kind: "manage", what: "auditTrail" },
        { allowInactive: true },
      );
      const filter = {
        organisationId: access.organisation.id,
        from: startOfIndianDay(query.startDate),
        to: startOfIndianDay(nextDay(query.endDate)),
        userId: query.userId,
        entity: query.entity,
        entityId: query.entityId,
      };
      if (query.download) {
        const { entries, count } = await readTrail(deps.db, filter, {
          skip: 0,
          limit: TRAIL_DOWNLOAD_MAX,
        });
        if (count > TRAIL_DOWNLOAD_MAX) {
          throw badRequest(
            `The period has ${count} entries; download at most ${TRAIL_DOWNLOAD_MAX} at once by choosing shorter dates.`,
          );
        }
        return sendReportFile(reply, {
          organisationId: access.organisation.id,
          organisationName: access.organisation.name,
          title: "Audit Trail",
          subtitle: describeRange(query.startDate, query.endDate),
          columns: COLUMNS,
          rows: tabulateTrail([...entries].reverse()),
          format: query.format,
          fileSuffix: `${query.startDate}-to-${query.endDate}`,
        });
      }
      const { entries, count } = await readTrail(deps.db, filter, {
        skip: query.skip,
        limit: query.limit,
      });
      return {
        entries: entries.map((entry) => ({
          _id: entry.id,
          seq: entry.seq,
          at: entry.at,
          userId: entry.userId,
          userName: entry.userName,
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId,
          number: entry.number,
          changes: entry.changes,
        })),
        count,
      };
    },
  );

  app.get(
    "/audit/verify",
    { ...guard, schema: { tags, querystring: z.object({ organisationId: EntityId }) } },
    async (request) => {
      const access = await requireOrganisationAccess(
        deps.db,
        callerOf(request),
        request.query.organisationId,
        { kind: "manage", what: "auditTrail" },
        { allowInactive: true },
      );
      return verifyTrail(deps.db, access.organisation.id);
    },
  );
};
