import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import type { ImportProgress } from "./imports.api.ts";
import { OtherImportPage } from "./OtherImportPage.tsx";

const ORGANISATION = makeOrganisation({ _id: "org-1" });
const SESSION = { status: "signedIn" as const, organisations: [ORGANISATION] };

// What the server answers, poll by poll, while the upload's own request is still running.
const SEQUENCE: ImportProgress[] = [
  { state: "reading", unit: "vouchers", done: 0, total: null },
  { state: "importing", unit: "vouchers", done: 0, total: 1100 },
  { state: "importing", unit: "vouchers", done: 500, total: 1100 },
  { state: "importing", unit: "vouchers", done: 1000, total: 1100 },
];

let release: () => void = () => undefined;
let sentProgressId: FormDataEntryValue | null = null;
const askedIds: string[] = [];

beforeEach(() => {
  let poll = 0;
  askedIds.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/import/progress")) {
        askedIds.push(new URL(url, "http://bahi.test").searchParams.get("progressId") ?? "");
        const answer = SEQUENCE[Math.min(poll, SEQUENCE.length - 1)];
        poll += 1;
        return jsonResponse(200, answer);
      }
      if (url.startsWith("/api/import/other/importData")) {
        sentProgressId = (init?.body as FormData | undefined)?.get("progressId") ?? null;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse(200, {
          type: "vouchers",
          rowCount: 1100,
          imported: 1100,
          skippedExisting: 0,
          problems: [],
        });
      }
      return jsonResponse(404, { message: "Not here." });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("import other data: progress of a large import (decision 075)", () => {
  test("shows the server's counts as a bar, n of N vouchers, then the result", async () => {
    renderPage(<OtherImportPage />, {
      at: "/org-1/2025-26/imports/other",
      path: "/:organisationId/:year/imports/other",
      session: SESSION,
    });
    expect(await screen.findByText(/Contacts \(customers and vendors\)/)).toBeTruthy();
    fireEvent.click(await screen.findByText(/^Vouchers: sales and purchases/));
    expect(
      await screen.findByText(/Bill, Credit Note, Vendor Credits, Customer Payment/),
    ).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["entry,type\n"], "vouchers.csv", { type: "text/csv" })] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));

    expect(await screen.findByText("Reading and checking the file…")).toBeTruthy();
    expect(await screen.findByText("500 of 1,100 vouchers", {}, { timeout: 4000 })).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: /Import progress/ });
    expect(bar.getAttribute("aria-valuenow")).toBe("45");
    expect(await screen.findByText("1,000 of 1,100 vouchers", {}, { timeout: 4000 })).toBeTruthy();
    expect(
      screen.getByRole("progressbar", { name: /Import progress/ }).getAttribute("aria-valuenow"),
    ).toBe("91");
    // The progress asked for is the upload's own.
    expect(typeof sentProgressId).toBe("string");
    expect(new Set(askedIds)).toEqual(new Set([sentProgressId]));

    release();
    expect(
      await screen.findByText(/1100 imported, 0 already there, 0 rows not imported/),
    ).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  }, 15_000);
});
