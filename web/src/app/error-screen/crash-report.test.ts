import { describe, expect, test } from "vitest";
import { buildReportMailto, describeCrash, SUPPORT_EMAIL } from "./crash-report.ts";

describe("crash reports (spec 2.7 error screen, api.md 7 misc/frontenderrorsave)", () => {
  test("carry the error with its stack, the component stack and the page", () => {
    const error = new TypeError("rows is undefined");
    const report = describeCrash(error, "\n    at VoucherListPage", "/o/2025-26/sales/list");
    expect(report.error.startsWith("TypeError: rows is undefined\n")).toBe(true);
    expect(report.error).toContain(error.stack ?? "");
    expect(report.errorInfo).toBe("\n    at VoucherListPage");
    expect(report.url).toBe("/o/2025-26/sales/list");
  });

  test("keep within the server's limits", () => {
    const report = describeCrash("x".repeat(30_000), "y".repeat(60_000), "/".repeat(3000));
    expect(report.error).toHaveLength(20_000);
    expect(report.errorInfo).toHaveLength(50_000);
    expect(report.url).toHaveLength(2000);
  });

  test("Report opens a mail to support with the page and the error", () => {
    const mailto = buildReportMailto(describeCrash(new Error("boom"), "", "/o/2025-26/start"));
    expect(mailto.startsWith(`mailto:${SUPPORT_EMAIL}?subject=`)).toBe(true);
    const body = decodeURIComponent(mailto.split("&body=")[1] ?? "");
    expect(body).toContain("Page: /o/2025-26/start");
    expect(body).toContain("Error: Error: boom");
  });
});
