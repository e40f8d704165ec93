import type { ExportFormat } from "@bahi/domain";
import type { FastifyReply } from "fastify";
import type { ExportTable } from "./export-table.ts";
import { type DownloadFor, renderInWorker } from "./render-in-worker.ts";

export interface TableDocument {
  readonly body: Buffer;
  readonly contentType: string;
  readonly extension: "pdf" | "xlsx";
}

export interface RenderOptions {
  /** PDF only: false leaves the content streams readable, for tests. */
  readonly compress?: boolean;
}

const FILE_KINDS = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  excel: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extension: "xlsx",
  },
} as const satisfies Record<ExportFormat, Omit<TableDocument, "body">>;

/**
 * Every download in the product (lists, reports, ledgers) goes through here (spec 2.5, api.md 7);
 * pdfmake and exceljs run on the heavy-work pool, never in the server's own heap or thread.
 */
export async function renderTableDocument(
  table: ExportTable,
  format: ExportFormat,
  owner: DownloadFor,
  options: RenderOptions = {},
): Promise<TableDocument> {
  return { body: await renderInWorker({ table, format, options }, owner), ...FILE_KINDS[format] };
}

// RFC 5987 attr-char: what may stand unescaped in filename*.
function encodeAttributeValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * RFC 6266: a quoted ASCII filename for every client, and filename* in UTF-8 when the name has
 * anything else. Quotes, backslashes and control characters never reach the header.
 */
export function describeAttachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const header = `attachment; filename="${fallback}"`;
  return fallback === fileName
    ? header
    : `${header}; filename*=UTF-8''${encodeAttributeValue(fileName)}`;
}

/** Renders the table and sends it as a download named fileName (from domain's nameExportFile). */
export async function sendTableDocument(
  reply: FastifyReply,
  table: ExportTable,
  format: ExportFormat,
  fileName: string,
  owner: DownloadFor,
): Promise<FastifyReply> {
  const document = await renderTableDocument(table, format, owner);
  if (!fileName.toLowerCase().endsWith(`.${document.extension}`)) {
    throw new Error(`File name '${fileName}' does not end in .${document.extension}`);
  }
  return reply
    .header("content-type", document.contentType)
    .header("content-disposition", describeAttachment(fileName))
    .header("cache-control", "private, no-store")
    .send(document.body);
}
