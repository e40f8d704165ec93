import {
  buildEntryApiPath,
  type DocumentSettings,
  getVoucherDefinition,
  type VoucherType,
} from "@bahi/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

export const PRINT_FAILED = "Could not make the PDF";

/** GET /getpdf/transactionpdf?format=download: the PDF of one document (docs/api/documents.md). */
export async function fetchDocumentPdf(input: {
  organisationId: string;
  entryId: string;
  type: VoucherType;
  copies: number;
  preview?: Partial<DocumentSettings>;
}): Promise<{ blob: Blob; fileName: string }> {
  const answer = await apiRequest<Response>("GET", "/getpdf/transactionpdf", {
    query: {
      organisationId: input.organisationId,
      entryId: input.entryId,
      transactionType: input.type,
      format: "download",
      noOfCopies: input.copies,
      ...(input.preview ? { preview: JSON.stringify(input.preview) } : {}),
    },
    errorTitle: PRINT_FAILED,
  });
  const disposition = answer.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "document.pdf";
  return { blob: await answer.blob(), fileName };
}

export const documentSettingsKey = (organisationId: string, type: VoucherType) =>
  ["document-settings", organisationId, type] as const;

function settingsCalls(type: VoucherType) {
  const settings = getVoucherDefinition(type).settings;
  if (!settings) throw new Error(`${type} has no document settings`);
  return settings;
}

export function fetchDocumentSettings(organisationId: string, type: VoucherType) {
  return apiRequest<DocumentSettings & { organisationId: string }>(
    "GET",
    `/settings/${settingsCalls(type).getCallName}`,
    { query: { organisationId }, errorTitle: "Could not load the settings" },
  );
}

export function saveDocumentSettings(
  organisationId: string,
  type: VoucherType,
  settings: DocumentSettings,
) {
  return apiRequest<DocumentSettings & { message: string }>(
    "POST",
    `/settings/${settingsCalls(type).callName}`,
    { body: { organisationId, ...settings }, errorTitle: "Could not save the settings" },
  );
}

/** The newest entry of a type, for the settings screen's preview; null when there is none. */
export async function fetchLatestEntryId(
  organisationId: string,
  year: string,
  type: VoucherType,
): Promise<string | null> {
  const answer = await apiRequest<Record<string, unknown>>("GET", buildEntryApiPath(type, "list"), {
    query: { organisationId, year, skip: 0, limit: 1 },
  });
  const rows = answer[getVoucherDefinition(type).listKey] as { _id: string }[] | undefined;
  return rows?.[0]?._id ?? null;
}

/** The newest entry of a type, for the settings' previews (one owner of 'latest-entry'). */
export function latestEntryQuery(organisationId: string, year: string, type: VoucherType) {
  return queryOptions({
    queryKey: ["latest-entry", organisationId, year, type] as const,
    queryFn: () => fetchLatestEntryId(organisationId, year, type),
  });
}
