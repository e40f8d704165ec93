import { describe, expect, test } from "vitest";
import { describeLogRows } from "./entry-log.ts";

const scope = { organisationId: "o1", year: "2025-26" };
const log = (version: number, extra: Record<string, unknown> = {}) => ({
  _id: "e1",
  version,
  first: version === 1,
  latest: false,
  userName: "Asha",
  date: "2025-06-01T04:30:00.000Z",
  ...extra,
});

describe("Log dialog rows (spec 4)", () => {
  test("Created, Edited, then (Current) on the last; the latest opens edit", () => {
    const rows = describeLogRows([log(1), log(2), log(3, { latest: true })], {
      scope,
      type: "salesInvoice",
      entryId: "e1",
      view: "live",
    });
    expect(rows.map((row) => [row.label, row.current, row.path])).toEqual([
      ["Created", false, "/o1/2025-26/sales/old-version/e1/1"],
      ["Edited", false, "/o1/2025-26/sales/old-version/e1/2"],
      ["Edited", true, "/o1/2025-26/sales/edit/e1"],
    ]);
  });

  test("one row is not marked current", () => {
    const [row] = describeLogRows([log(1, { latest: true })], {
      scope,
      type: "journalEntry",
      entryId: "e1",
      view: "live",
    });
    expect(row).toMatchObject({
      label: "Created",
      current: false,
      path: "/o1/2025-26/journal/edit/e1",
    });
  });

  test("a deletion is not clickable; on the deleted list versions open as old versions", () => {
    const rows = describeLogRows(
      [log(1), log(2, { _id: "deleted", action: "deleted", latest: true })],
      { scope, type: "receipts", entryId: "e1", view: "deleted" },
    );
    expect(rows.map((row) => [row.label, row.current, row.path])).toEqual([
      ["Created", false, "/o1/2025-26/receipt/old-version/e1/1"],
      ["Deleted", true, null],
    ]);
  });
});
