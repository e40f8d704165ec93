import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { makeAccount } from "../../test/accounts.ts";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { BankImportPage } from "./BankImportPage.tsx";
import type { CheckedStatement, ImportRequest } from "./imports.api.ts";

const SESSION = {
  status: "signedIn" as const,
  organisations: [makeOrganisation({ _id: "org-1" })],
};
const HDFC = makeAccount({ _id: "a-hdfc", name: "HDFC Bank A/c", nature: "Bank" });

const SAVED: ImportRequest = {
  _id: "r1",
  type: "bank",
  year: "2025-26",
  accountId: "a-hdfc",
  fileName: "april.csv",
  layout: "hdfc",
  state: "saved",
  lineCount: 4,
  duplicateCount: 0,
  pendingCount: 0,
  acceptedCount: 0,
  skippedCount: 0,
  savedCount: 4,
  balanceBreak: null,
  problems: [],
  createdAt: "2025-05-02T10:00:00.000Z",
};

const READ: CheckedStatement = {
  fileName: "hdfc-statement.csv",
  layout: "hdfc",
  layoutName: "HDFC Bank",
  headerRow: 1,
  headers: ["Date", "Narration", "Ref", "Withdrawal", "Deposit", "Balance"],
  mapping: { date: 0, narration: 1, reference: 2, debit: 3, credit: 4, balance: 5 },
  lineCount: 2,
  moneyIn: 5000,
  moneyOut: 1200,
  firstDate: "2025-04-01",
  lastDate: "2025-04-03",
  problemCount: 1,
  problems: [{ rowNumber: 6, message: "The date is not a date." }],
  balanceBreak: null,
  preview: [
    {
      rowNumber: 2,
      date: "2025-04-01",
      narration: "NEFT from Asha",
      reference: "N1",
      amount: 5000,
      balance: 15000,
    },
    {
      rowNumber: 3,
      date: "2025-04-03",
      narration: "Electricity",
      reference: "",
      amount: -1200,
      balance: 13800,
    },
  ],
};

/** What GET /import/requests answers; a promise that never settles keeps it loading. */
let requests: () => Promise<Response>;
/** What POST /import/bank/validateFiles answers. */
let validate: () => Response;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  requests = async () => jsonResponse(200, { importRequests: [] });
  validate = () => jsonResponse(200, { files: [READ] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? "GET"} ${url.split("?")[0]}`);
      if (url.startsWith("/api/account/accountslist"))
        return jsonResponse(200, { accounts: [HDFC] });
      if (url.startsWith("/api/import/requests")) return requests();
      if (url.startsWith("/api/import/bank/validateFiles")) return validate();
      if (url.startsWith("/api/import/bank/deleteImportedBankEntries"))
        return jsonResponse(200, { deleted: 4 });
      return jsonResponse(404, { message: "Not here." });
    }),
  );
  // As the app does (App.tsx): a failed call with a title shows it in a danger toast.
  api.configure({ notifyError: (title, message) => notify({ type: "danger", title, message }) });
});
afterEach(() => {
  // Toasts live in a store of their own: one test's must not show in the next.
  notifications.clean();
  api.configure({ notifyError: () => {} });
  vi.unstubAllGlobals();
});

function renderBankImport() {
  return renderPage(<BankImportPage />, {
    at: "/org-1/2025-26/imports/bank",
    path: "/:organisationId/:year/imports/bank",
    session: SESSION,
  });
}

async function chooseAccountAndFile() {
  const picker = screen.getByRole("combobox", { name: /Bank account/ });
  picker.focus();
  fireEvent.change(picker, { target: { value: "HDFC" } });
  fireEvent.click(await screen.findByRole("option", { name: /HDFC Bank A\/c/ }));
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(["Date,Narration\n"], "hdfc-statement.csv", { type: "text/csv" })] },
  });
}

describe("Import Bank Statement: the statements imported", () => {
  test("loading: a loader while the list is asked for", async () => {
    requests = () => new Promise<Response>(() => undefined);
    renderBankImport();
    expect(screen.getByRole("heading", { name: "Import Bank Statement" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Imported statements" })).toBeTruthy();
    expect(await screen.findByLabelText("Loading")).toBeTruthy();
    expect(screen.queryByText("No statements imported in this year yet.")).toBeNull();
    expect(screen.queryByRole("table", { name: "Imported statements" })).toBeNull();
  });

  test("empty: says so, and nothing can be checked before an account and a file", async () => {
    renderBankImport();
    expect(await screen.findByText("No statements imported in this year yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check Files" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
  });

  test("data: each statement with its account, lines and state; Undo deletes its entries", async () => {
    requests = async () => jsonResponse(200, { importRequests: [SAVED] });
    renderBankImport();
    const table = await screen.findByRole("table", { name: "Imported statements" });
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain("HDFC Bank A/c"));
    expect(within(row).getByRole("link", { name: "april.csv" }).getAttribute("href")).toBe(
      "/org-1/2025-26/imports/bank-entries/r1",
    );
    expect(row.textContent).toContain("02-05-2025");
    expect(row.textContent).toContain("Saved");
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("4 entries deleted")).toBeTruthy();
    expect(calls).toContain("DELETE /api/import/bank/deleteImportedBankEntries");
  });
});

describe("Import Bank Statement: checking the files", () => {
  test("data: how the file was read, its unread rows and a preview; Import is open", async () => {
    renderBankImport();
    await chooseAccountAndFile();
    fireEvent.click(screen.getByRole("button", { name: "Check Files" }));
    const card = await screen.findByLabelText("Statement hdfc-statement.csv");
    expect(within(card).getByText("HDFC Bank")).toBeTruthy();
    expect(
      within(card).getByText(
        "2 lines from 01-04-2025 to 03-04-2025: money in ₹5,000.00, money out ₹1,200.00.",
      ),
    ).toBeTruthy();
    expect(within(card).getByText("1 rows not read")).toBeTruthy();
    expect(within(card).getByText("Row 6: The date is not a date.")).toBeTruthy();
    expect(
      (within(card).getByRole("combobox", { name: "Cheque / Ref. No." }) as HTMLSelectElement)
        .value,
    ).toBe("2");
    const preview = within(card).getByRole("table", { name: "Preview of hdfc-statement.csv" });
    expect(within(preview).getAllByRole("row")).toHaveLength(3);
    expect(preview.textContent).toContain("NEFT from Asha");
    expect(preview.textContent).toContain("-₹1,200.00");
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", false);
  });

  test("refusal of a file: the server's reason is shown and Import stays closed", async () => {
    validate = () =>
      jsonResponse(200, {
        files: [{ fileName: "hdfc-statement.csv", error: "No header row with a date was found." }],
      });
    renderBankImport();
    await chooseAccountAndFile();
    fireEvent.click(screen.getByRole("button", { name: "Check Files" }));
    expect(await screen.findByText("No header row with a date was found.")).toBeTruthy();
    expect(screen.queryByLabelText("Statement hdfc-statement.csv")).toBeNull();
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
  });

  test("refusal of the call: the server's message in a toast, nothing read", async () => {
    validate = () => jsonResponse(422, { message: "The file is larger than 10 MB." });
    renderBankImport();
    await chooseAccountAndFile();
    fireEvent.click(screen.getByRole("button", { name: "Check Files" }));
    expect(await screen.findByText("Could not read the statement")).toBeTruthy();
    expect(screen.getByText("The file is larger than 10 MB.")).toBeTruthy();
    expect(screen.queryByLabelText("Statement hdfc-statement.csv")).toBeNull();
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
  });
});
