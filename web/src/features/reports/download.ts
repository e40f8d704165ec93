import type { ExportFormat } from "@bahi/domain";
import {
  apiRequest,
  describeErrorMessage,
  isAbortError,
  SessionEndedError,
} from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import type { ReportCall } from "./reports.api.ts";

// spec/api.md §8, verbatim.
export const DOWNLOAD_FAILED_TITLE = "Not able to download file!";
export const NO_ENTRIES_TO_DOWNLOAD = "There are no entries to download";
export const DOWNLOAD_TITLE = "Download";

export const FORMAT_LABELS: Record<ExportFormat, string> = { pdf: "PDF", excel: "Excel" };

/** 'Report has been successfully exported in PDF.' (api.md §8, with the format's label). */
export function describeExportSuccess(format: ExportFormat): string {
  return `Report has been successfully exported in ${FORMAT_LABELS[format]}.`;
}

/**
 * The file name a server gave in Content-Disposition (RFC 6266): filename* (UTF-8) first, then
 * the quoted or bare filename, else the fallback.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const quoted = /filename\s*=\s*"([^"]*)"/.exec(header);
  if (quoted?.[1]) return quoted[1];
  const bare = /filename\s*=\s*([^;]+)/.exec(header);
  return bare?.[1]?.trim() || fallback;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a file the server sent under the name its Content-Disposition gives, else the fallback. */
export async function saveResponse(response: Response, fallback: string): Promise<void> {
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get("content-disposition"), fallback));
}

/**
 * Downloads a report (api.md 7: download=true with format) and saves it under the server's file
 * name. A report known to be empty is refused at once with the spec's toast; the server refuses an
 * empty one the same way (400 'There are no entries to download'). Resolves to whether a file was
 * saved.
 */
export async function downloadReport(
  call: ReportCall,
  format: ExportFormat,
  options: { empty?: boolean; fallbackName?: string } = {},
): Promise<boolean> {
  if (options.empty) {
    notify({ type: "danger", title: DOWNLOAD_FAILED_TITLE, message: NO_ENTRIES_TO_DOWNLOAD });
    return false;
  }
  try {
    const response = await apiRequest<unknown>("GET", call.path, {
      query: { ...call.query, download: true, format },
    });
    if (!(response instanceof Response)) throw new Error(NO_ENTRIES_TO_DOWNLOAD);
    const blob = await response.blob();
    const extension = format === "pdf" ? ".pdf" : ".xlsx";
    const fallback = `${options.fallbackName ?? "report"}${extension}`;
    saveBlob(blob, fileNameFromDisposition(response.headers.get("content-disposition"), fallback));
    notify({ type: "success", title: DOWNLOAD_TITLE, message: describeExportSuccess(format) });
    return true;
  } catch (error) {
    if (isAbortError(error) || error instanceof SessionEndedError) return false;
    notify({ type: "danger", title: DOWNLOAD_FAILED_TITLE, message: describeErrorMessage(error) });
    return false;
  }
}
