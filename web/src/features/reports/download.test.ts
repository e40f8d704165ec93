import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../api/http.ts";
import {
  DOWNLOAD_FAILED_TITLE,
  describeExportSuccess,
  downloadReport,
  fileNameFromDisposition,
  NO_ENTRIES_TO_DOWNLOAD,
} from "./download.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../app/notify.tsx", () => ({ notify }));

describe("file names from Content-Disposition", () => {
  test.each([
    ['attachment; filename="balance-sheet-2026-03-31.pdf"', "balance-sheet-2026-03-31.pdf"],
    ["attachment; filename=sales-by-item-2025-26.xlsx", "sales-by-item-2025-26.xlsx"],
    [
      "attachment; filename=\"ledger-_.pdf\"; filename*=UTF-8''ledger-%E0%A4%95.pdf",
      "ledger-क.pdf",
    ],
    ["attachment", "report.pdf"],
    [null, "report.pdf"],
  ])("%s → %s", (header, name) => {
    expect(fileNameFromDisposition(header, "report.pdf")).toBe(name);
  });
});

describe("downloadReport", () => {
  const call = {
    path: "/reports/balancesheet",
    query: { organisationId: "org-1", year: "2025-26" },
  };
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    notify.mockClear();
    clicked = [];
    URL.createObjectURL = vi.fn(() => "blob:report");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    api.configure({ fetch: (input, init) => globalThis.fetch(input, init) });
  });

  test("an empty report is refused at once with the spec's toast", async () => {
    const fetch = vi.fn();
    api.configure({ fetch });
    expect(await downloadReport(call, "pdf", { empty: true })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({
      type: "danger",
      title: DOWNLOAD_FAILED_TITLE,
      message: NO_ENTRIES_TO_DOWNLOAD,
    });
  });

  test("a file is saved under the server's name, with the success toast", async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: {
            "content-type": "application/pdf",
            "content-disposition": 'attachment; filename="balance-sheet-2026-03-31.pdf"',
          },
        }),
    );
    api.configure({ fetch });
    expect(await downloadReport(call, "pdf")).toBe(true);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      "/api/reports/balancesheet?organisationId=org-1&year=2025-26&download=true&format=pdf",
    );
    expect(clicked).toEqual([{ href: "blob:report", download: "balance-sheet-2026-03-31.pdf" }]);
    expect(notify).toHaveBeenCalledWith({
      type: "success",
      title: "Download",
      message: "Report has been successfully exported in PDF.",
    });
  });

  test("the server's refusal shows in the same toast", async () => {
    api.configure({
      fetch: async () =>
        new Response(JSON.stringify({ message: NO_ENTRIES_TO_DOWNLOAD }), {
          status: 400,
          headers: { "content-type": "application/json" },
        }),
    });
    expect(await downloadReport(call, "excel")).toBe(false);
    expect(clicked).toEqual([]);
    expect(notify).toHaveBeenCalledWith({
      type: "danger",
      title: DOWNLOAD_FAILED_TITLE,
      message: NO_ENTRIES_TO_DOWNLOAD,
    });
  });

  test("the success message names the format", () => {
    expect(describeExportSuccess("excel")).toBe("Report has been successfully exported in Excel.");
  });
});
