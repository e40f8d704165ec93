import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { ActivityLogPage } from "./ActivityLogPage.tsx";

const LOGS = [
  {
    _id: "l-2",
    userId: "u-2",
    userName: "Ravi Iyer",
    action: "edit",
    entityType: "account",
    entityId: "a-1",
    summary: "Edited account Cash in hand.",
    createdAt: "2026-11-25T09:30:00.000Z",
  },
  {
    _id: "l-1",
    userId: null,
    userName: null,
    action: "add",
    entityType: "organisation",
    entityId: "org-1",
    summary: "Added the organisation.",
    createdAt: "2026-11-24T04:00:00.000Z",
  },
];
const MEMBERS = [
  { _id: "u-1", name: "Asha Verma", email: "asha@example.in", role: "owner", active: true },
  { _id: "u-2", name: "Ravi Iyer", email: "ravi@example.in", role: "accountant", active: true },
];

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://bahi.test");
  if (url.pathname === "/api/organisation/user-logs") {
    return jsonResponse(200, { logs: LOGS, count: 2 });
  }
  if (url.pathname === "/api/user/list") return jsonResponse(200, { users: MEMBERS });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderLog(role: "owner" | "accountant", query = "") {
  return renderPage(<ActivityLogPage />, {
    at: `/org-1/2024-25/settings/users/activity${query}`,
    path: "/:organisationId/:year/settings/users/activity",
    session: { status: "signedIn", organisations: [makeOrganisation({ role })] },
  });
}

const logCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://bahi.test"))
    .filter((url) => url.pathname === "/api/organisation/user-logs");

describe("the members' activity log (issue 25)", () => {
  test("an owner reads everyone's trail, newest first, in the en-IN way", async () => {
    renderLog("owner");
    const table = await screen.findByRole("table", { name: "Activity log" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "25-11-2026 03:00 pmRavi IyerEditedEdited account Cash in hand.",
      "24-11-2026 09:30 amSystemAddedAdded the organisation.",
    ]);
    expect(screen.getByText("Showing 2 of 2")).toBeTruthy();
    expect(logCalls()[0]?.searchParams.get("userId")).toBeNull();
    expect(screen.getAllByLabelText("Member").length).toBeGreaterThan(0);
  });

  test("?userId= asks for that member only", async () => {
    renderLog("owner", "?userId=u-2");
    await screen.findByRole("table", { name: "Activity log" });
    expect(logCalls()[0]?.searchParams.get("userId")).toBe("u-2");
  });

  test("a member without the users right sees their own trail, with no member picker", async () => {
    renderLog("accountant", "?userId=u-2");
    await screen.findByRole("table", { name: "Activity log" });
    expect(logCalls()[0]?.searchParams.get("userId")).toBeNull();
    expect(screen.queryAllByLabelText("Member")).toEqual([]);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes("/user/list"))).toBe(
      false,
    );
  });
});
