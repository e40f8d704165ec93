import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { AuditTrailPage } from "./AuditTrailPage.tsx";

const ENTRIES = [
  {
    _id: "t-2",
    seq: 2,
    at: "2025-06-11T09:30:00.000Z",
    userId: "u-2",
    userName: "Asha Admin",
    action: "edited",
    entity: "receipts",
    entityId: "v-1",
    number: "7",
    changes: [
      { field: "receivedAmount", before: 1000, after: 1500 },
      { field: "entries[0].amount", before: 1000, after: 1500 },
    ],
  },
  {
    _id: "t-1",
    seq: 1,
    at: "2025-06-10T04:00:00.000Z",
    userId: "u-1",
    userName: "Ramesh Owner",
    action: "edited",
    entity: "lockPeriod",
    entityId: "2025-07:receipts",
    number: "2025-07 receipts",
    changes: [{ field: "locked", before: false, after: true }],
  },
];
const MEMBERS = [
  { _id: "u-1", name: "Ramesh Owner", email: "r@example.in", role: "owner", active: true },
  { _id: "u-2", name: "Asha Admin", email: "a@example.in", role: "admin", active: true },
];

let verifyAnswer: unknown = { ok: true, checked: 1234, firstBroken: null };
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://bahi.test");
  if (url.pathname === "/api/audit/trail") return jsonResponse(200, { entries: ENTRIES, count: 2 });
  if (url.pathname === "/api/audit/verify") return jsonResponse(200, verifyAnswer);
  if (url.pathname === "/api/user/list") return jsonResponse(200, { users: MEMBERS });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderTrail(role: "owner" | "admin" | "accountant", query = "") {
  return renderPage(<AuditTrailPage />, {
    at: `/org-1/2025-26/reports/audit-trail${query}`,
    path: "/:organisationId/:year/reports/audit-trail",
    session: { status: "signedIn", organisations: [makeOrganisation({ role })] },
  });
}

const trailCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://bahi.test"))
    .filter((url) => url.pathname === "/api/audit/trail");

describe("Reports → Audit Trail (issue 39)", () => {
  test("shows each change with who, when, the field and its before and after", async () => {
    renderTrail("owner");
    const table = await screen.findByRole("table", { name: "Audit trail" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "11-06-2025 03:00 pmAsha AdminEditedReceipt 7receivedAmount10001500",
      "entries[0].amount10001500",
      "10-06-2025 09:30 amRamesh OwnerEditedLock period 2025-07 receiptslockedNoYes",
    ]);
    const first = trailCalls()[0];
    expect(first?.searchParams.get("startDate")).toBe("2025-04-01");
    expect(first?.searchParams.get("organisationId")).toBe("org-1");
  });

  test("?entityId= opens one record's history, and the dates filter the call", async () => {
    renderTrail("admin", "?entityId=v-1&label=Receipt%207");
    await screen.findByRole("table", { name: "Audit trail" });
    expect(screen.getByText("History of Receipt 7")).toBeTruthy();
    expect(trailCalls()[0]?.searchParams.get("entityId")).toBe("v-1");
    // Issue 40: the dates are dd-mm-yyyy, not the browser's mm/dd/yyyy.
    const from = screen.getByLabelText("From") as HTMLInputElement;
    expect(from.value).toBe("01-04-2025");
    fireEvent.change(from, { target: { value: "01-06-2025" } });
    fireEvent.blur(from);
    await waitFor(() =>
      expect(trailCalls().at(-1)?.searchParams.get("startDate")).toBe("2025-06-01"),
    );
    expect(trailCalls().at(-1)?.searchParams.get("entityId")).toBe("v-1");
  });

  test("Verify shows an intact chain, and names the first broken entry", async () => {
    renderTrail("owner");
    await screen.findByRole("table", { name: "Audit trail" });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      await screen.findByText(/The audit trail is intact: 1,234 entries checked/),
    ).toBeTruthy();
    verifyAnswer = {
      ok: false,
      checked: 41,
      firstBroken: {
        id: "t-42",
        seq: 42,
        at: "2025-06-10T04:00:00.000Z",
        reason: "Its content does not match its hash: it was changed after it was written.",
      },
    };
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(
      await screen.findByText(
        /broken at entry 42 \(10-06-2025 09:30 am\): Its content does not match its hash/,
      ),
    ).toBeTruthy();
    verifyAnswer = { ok: true, checked: 1234, firstBroken: null };
  });

  test("an accountant is told who may read it, and nothing is fetched", async () => {
    renderTrail("accountant");
    expect(
      await screen.findByText("Only the owner and admins can read the audit trail."),
    ).toBeTruthy();
    expect(trailCalls()).toHaveLength(0);
  });
});
