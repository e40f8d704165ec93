import { apiRequest } from "../../api/http.ts";

/** What POST /misc/frontenderrorsave takes (api.md 7): the stack and the component stack. */
export interface CrashReport {
  error: string;
  errorInfo: string;
  url: string;
}

// The server's limits on the two texts (server/src/modules/misc/misc.routes.ts).
const ERROR_MAX = 20_000;
const ERROR_INFO_MAX = 50_000;
const URL_MAX = 2000;

/** No address is given by the spec; the Report button's mail goes here. */
export const SUPPORT_EMAIL = "support@bahi.app";

export function describeCrash(
  error: unknown,
  componentStack: string | null | undefined,
  url: string,
): CrashReport {
  const text =
    error instanceof Error
      ? [`${error.name}: ${error.message}`, error.stack ?? ""].filter(Boolean).join("\n")
      : String(error);
  return {
    error: text.slice(0, ERROR_MAX),
    errorInfo: (componentStack ?? "").slice(0, ERROR_INFO_MAX),
    url: url.slice(0, URL_MAX),
  };
}

/** Best effort: a report that fails must not make the error screen fail too. */
export function sendCrashReport(report: CrashReport): Promise<void> {
  return apiRequest("POST", "/misc/frontenderrorsave", { body: report }).then(
    () => undefined,
    () => undefined,
  );
}

/** spec 2.7: Report opens a pre-filled mail to support. */
export function buildReportMailto(report: CrashReport): string {
  const subject = "Bahi: We have encountered some errors.";
  const body = [
    "Hello Bahi support,",
    "",
    "The app showed an error screen. What I was doing:",
    "",
    "",
    `Page: ${report.url}`,
    `Error: ${report.error.split("\n")[0] ?? ""}`,
  ].join("\n");
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
