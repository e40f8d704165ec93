import { describe, expect, test } from "vitest";
import { describeUpdateLogs, type UpdateLogRecord } from "./update-logs.ts";

const scope = { organisationId: "org-1", year: "2025-26" };
const log = (overrides: Partial<UpdateLogRecord>): UpdateLogRecord => ({
  _id: "e1",
  entryId: "v1",
  type: "salesInvoice",
  title: "Sales Invoice",
  action: "add",
  number: "12",
  date: "2025-11-25",
  amount: 118000,
  userName: "Asha Rao",
  at: "2025-11-25T15:11:37.000Z",
  ...overrides,
});

describe("describeUpdateLogs (updatelogs screen)", () => {
  test("an entry's row: dates dd-MM-yyyy, the amount in Indian grouping, a link to the entry", () => {
    const [row] = describeUpdateLogs([log({})], scope);
    expect(row).toMatchObject({
      user: "Asha Rao",
      action: "Added",
      what: "Sales Invoice 12",
      date: "25-11-2025",
      amount: "1,18,000.00",
      path: "/org-1/2025-26/sales/edit/v1",
    });
    expect(row?.at).toMatch(/^25-11-2025 \d\d:\d\d [ap]m$/);
  });

  test("a deleted entry says so and links nowhere; masters read as what they are", () => {
    const [deleted, account] = describeUpdateLogs(
      [
        log({ action: "delete" }),
        log({
          type: "account",
          title: "account",
          action: "edited",
          number: null,
          date: null,
          amount: null,
        }),
      ],
      scope,
    );
    expect(deleted).toMatchObject({ action: "Deleted", path: null });
    expect(account).toMatchObject({ action: "Edited", what: "Account", amount: "", path: null });
  });
});
