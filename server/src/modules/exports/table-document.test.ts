import { type ExportFormat, nameExportFile } from "@bahi/domain";
import ExcelJS from "exceljs";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { stopHeavyWork } from "../../lib/heavy-work/pool.ts";
import type { ExportTable } from "./export-table.ts";
import { DOWNLOAD_TOO_LARGE } from "./render-in-worker.ts";
import { describeAttachment, renderTableDocument, sendTableDocument } from "./table-document.ts";

const OWNER = { organisationId: "org-tables" };
afterAll(() => stopHeavyWork());

const journal: ExportTable = {
  title: "Journal Entries",
  organisationName: "Mehta Traders",
  subtitle: "Financial year 2025-26",
  columns: [
    { key: "date", label: "Date", kind: "date" },
    { key: "narration", label: "Narration", kind: "text" },
    { key: "totalAmount", label: "Amount", kind: "amount" },
  ],
  rows: [{ date: "2025-05-10", narration: "Rent for May", totalAmount: 2500000 }],
  totals: { totalAmount: 2500000 },
};

describe("renderTableDocument", () => {
  it("gives a PDF for pdf and an xlsx workbook for excel", async () => {
    const pdf = await renderTableDocument(journal, "pdf", OWNER);
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.extension).toBe("pdf");
    expect(pdf.body.subarray(0, 4).toString("latin1")).toBe("%PDF");

    const excel = await renderTableDocument(journal, "excel", OWNER);
    expect(excel.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(excel.extension).toBe("xlsx");
    expect(excel.body.subarray(0, 2).toString("latin1")).toBe("PK");
  });

  it("renders on the pool's large thread: a file too big for its heap is refused with a message, and the next one renders", async () => {
    const big: ExportTable = {
      ...journal,
      rows: Array.from({ length: 20_000 }, (_, index) => ({
        date: "2025-05-10",
        narration: `Rent for May, flat ${index}`,
        totalAmount: 2500000 + index,
      })),
    };
    await stopHeavyWork({ largeHeapMb: 64 });
    try {
      await expect(renderTableDocument(big, "pdf", OWNER)).rejects.toMatchObject({
        statusCode: 413,
        message: DOWNLOAD_TOO_LARGE,
      });
    } finally {
      await stopHeavyWork();
    }
    const after = await renderTableDocument(journal, "pdf", OWNER);
    expect(after.body.subarray(0, 4).toString("latin1")).toBe("%PDF");
    // The worker fills its 64 MB before it is stopped: seconds on a quiet machine, more when the
    // suite's other worker shares the cores. The limit guards a hang, not a speed.
  }, 60_000);
});

describe("describeAttachment", () => {
  it.each([
    ["journal-entries-2025-26.xlsx", 'attachment; filename="journal-entries-2025-26.xlsx"'],
    [
      "बिक्री 2025-26.pdf",
      `attachment; filename="______ 2025-26.pdf"; filename*=UTF-8''%E0%A4%AC%E0%A4%BF%E0%A4%95%E0%A5%8D%E0%A4%B0%E0%A5%80%202025-26.pdf`,
    ],
    [
      'a"b\\c\r\n(1).pdf',
      `attachment; filename="a_b_c__(1).pdf"; filename*=UTF-8''a%22b%5Cc%0D%0A%281%29.pdf`,
    ],
  ])("%o", (fileName, expected) => {
    expect(describeAttachment(fileName)).toBe(expected);
  });
});

describe("sendTableDocument", () => {
  async function download(format: ExportFormat, fileName: string) {
    const app = Fastify();
    app.get("/download", (_request, reply) =>
      sendTableDocument(reply, journal, format, fileName, OWNER),
    );
    try {
      return await app.inject({ method: "GET", url: "/download" });
    } finally {
      await app.close();
    }
  }

  it("sends the workbook as an attachment named from the type and year", async () => {
    const fileName = nameExportFile("journalEntry", "2025-26", "excel");
    const response = await download("excel", fileName);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${fileName}"`);
    expect(fileName).toMatch(/2025-26\.xlsx$/);
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Journal Entries");
    expect(sheet?.getRow(6).getCell(3).value).toBe(25000);
  });

  it("sends the PDF whole", async () => {
    const fileName = nameExportFile("journalEntry", "2025-26", "pdf");
    const response = await download("pdf", fileName);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${fileName}"`);
    expect(response.rawPayload.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(response.rawPayload.subarray(-6).toString("latin1")).toContain("%%EOF");
  });

  it("refuses a file name whose extension does not match the format", async () => {
    const response = await download("pdf", "journal-entries-2025-26.xlsx");
    expect(response.statusCode).toBe(500);
  });
});
